import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { readAttributionModel, readPanelConfig } from "../../llm/finding-review-config";
import { enqueueFindingReview } from "../../queue/finding-review-queues";
import { recordAuditLog } from "../audit-log/record-audit-log";
import type { startPanelBodySchema, startedAttributionSchema, startedPanelSchema } from "../../contracts/panel";

// Starting panel validation and bug-type attribution (admins, audit-logged; attribution also after every scoring).
// The job row is written first, then the job is queued with the row's id. Not server-only: the
// worker queues attribution after scoring through the same function.

async function requireScored(id: string) {
  const submission = await db.submission.findUnique({
    where: { id },
    select: { id: true, model: true, scoringStatus: true },
  });
  if (!submission) throw new AppError("not_found", "Submission not found");
  if (submission.scoringStatus !== "scored")
    throw new AppError("conflict", `Only a scored submission can be analysed; this one is ${submission.scoringStatus}`);
  return submission;
}

/** POST /api/v1/admin/submissions/{id}/panel: (re)starts the panel with a sample size, seed and runs to sample. */
export async function startPanel(
  actorId: string,
  submissionId: string,
  input: z.output<typeof startPanelBodySchema>,
): Promise<z.input<typeof startedPanelSchema>> {
  const config = readPanelConfig();
  if (!config.ok) throw new AppError("unavailable", config.message);
  const submission = await requireScored(submissionId);
  const seed = input.seed ?? randomBytes(6).toString("hex");
  const sampleSize = input.sample_size ?? env.PANEL_SAMPLE_SIZE;
  const runs = input.runs ?? "first";
  const { judges, tier2Judge } = config.config;
  const run = await db.$transaction(async (tx) => {
    const existing = await tx.panelRun.findUnique({ where: { submissionId } });
    if (existing && (existing.status === "queued" || existing.status === "running"))
      throw new AppError(
        "conflict",
        `A panel for this submission is already ${existing.status} (${existing.progress}%)`,
      );
    const fields = {
      status: "queued" as const,
      progress: 0,
      error: null,
      seed,
      sampleSize,
      runs,
      judges,
      tier2Judge,
      startedById: actorId,
      finishedAt: null,
    };
    const row = existing
      ? await tx.panelRun.update({ where: { id: existing.id }, data: fields })
      : await tx.panelRun.create({ data: { submissionId, ...fields } });
    await recordAuditLog(tx, {
      actorId,
      action: "submission.panel_start",
      target: `submission:${submissionId}`,
      reason: null,
      details: { model: submission.model, sample_size: sampleSize, seed, runs, judges, tier2_judge: tier2Judge },
    });
    return row;
  });
  await enqueueFindingReview("panel", run.id, run.updatedAt.getTime());
  return {
    id: run.id,
    submission_id: submissionId,
    status: "queued",
    sample_size: sampleSize,
    seed,
    runs,
    judges,
    tier2_judge: tier2Judge,
  };
}

async function queueAttribution(
  submissionId: string,
  model: string,
  actorId: string | null,
): Promise<{ id: string; updatedAt: Date } | null> {
  const existing = await db.attributionRun.findUnique({ where: { submissionId } });
  if (existing && (existing.status === "queued" || existing.status === "running")) return null;
  const fields = { status: "queued" as const, progress: 0, error: null, model, startedById: actorId, finishedAt: null };
  return existing
    ? db.attributionRun.update({ where: { id: existing.id }, data: fields })
    : db.attributionRun.create({ data: { submissionId, ...fields } });
}

/** POST /api/v1/admin/submissions/{id}/attribution: (re)starts bug-type attribution on demand (its body is empty). */
export async function startAttribution(
  actorId: string,
  submissionId: string,
): Promise<z.input<typeof startedAttributionSchema>> {
  const model = readAttributionModel();
  if (!model.ok) throw new AppError("unavailable", model.message);
  const submission = await requireScored(submissionId);
  const run = await queueAttribution(submissionId, model.model, actorId);
  if (!run) throw new AppError("conflict", "Bug-type attribution of this submission is already queued or running");
  await recordAuditLog(db, {
    actorId,
    action: "submission.attribution_start",
    target: `submission:${submissionId}`,
    reason: null,
    details: { model: submission.model, attribution_model: model.model },
  });
  await enqueueFindingReview("attribution", run.id, run.updatedAt.getTime());
  return { id: run.id, submission_id: submissionId, status: "queued", model: model.model };
}

/** After scoring: queue attribution when an LLM is configured and ATTRIBUTION_AFTER_SCORING is on; else nothing. */
export async function queueAttributionAfterScoring(submissionId: string): Promise<void> {
  const model = readAttributionModel();
  if (!model.ok || !env.ATTRIBUTION_AFTER_SCORING) return;
  const run = await queueAttribution(submissionId, model.model, null);
  if (run) await enqueueFindingReview("attribution", run.id, run.updatedAt.getTime());
}
