import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { readPanelConfig } from "../../llm/panel-attribution-config";
import { enqueuePanelAttribution } from "../../queue/panel-attribution-queues";
import { requireScored } from "../attribution/start-attribution";
import { recordAuditLog } from "../audit-log/record-audit-log";
import type { startPanelBodySchema, startedPanelSchema } from "../../contracts/panel";

// Starting panel validation (admins, audit-logged). The job row is written first, then the job is queued with the
// row's id.

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
  await enqueuePanelAttribution("panel", run.id, run.updatedAt.getTime());
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
