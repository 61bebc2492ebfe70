import type { z } from "zod";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { readAttributionModel } from "../../llm/panel-attribution-config";
import { enqueuePanelAttribution } from "../../queue/panel-attribution-queues";
import { recordAuditLog } from "../audit-log/record-audit-log";
import type { startedAttributionSchema } from "../../contracts/panel";

// Starting bug-type attribution (admins, audit-logged; also after every scoring). The job row is written first, then
// the job is queued with the row's id. Not server-only: the worker queues attribution after scoring through the same
// function.

/** The submission, when it is scored: panel and attribution read only a scored submission's findings. */
export async function requireScored(id: string) {
  const submission = await db.submission.findUnique({
    where: { id },
    select: { id: true, model: true, scoringStatus: true },
  });
  if (!submission) throw new AppError("not_found", "Submission not found");
  if (submission.scoringStatus !== "scored")
    throw new AppError("conflict", `Only a scored submission can be analysed; this one is ${submission.scoringStatus}`);
  return submission;
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
  await enqueuePanelAttribution("attribution", run.id, run.updatedAt.getTime());
  return { id: run.id, submission_id: submissionId, status: "queued", model: model.model };
}

/** After scoring: queue attribution when an LLM is configured and ATTRIBUTION_AFTER_SCORING is on; else nothing. */
export async function queueAttributionAfterScoring(submissionId: string): Promise<void> {
  const model = readAttributionModel();
  if (!model.ok || !env.ATTRIBUTION_AFTER_SCORING) return;
  const run = await queueAttribution(submissionId, model.model, null);
  if (run) await enqueuePanelAttribution("attribution", run.id, run.updatedAt.getTime());
}
