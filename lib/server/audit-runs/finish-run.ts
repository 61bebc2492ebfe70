import { db } from "../../db";
import { createSubmission } from "../submissions/create-submission";
import { findingSchema, type FindingInput } from "../../validation/findings-file";
import type { Prisma } from "../../generated/prisma/client";
import { emitAuditRunFinished } from "../webhooks/emit-webhook-event";

const ACTIVE = ["queued", "running"] as const;

/**
 * Ends a run once none of its passes is queued or running. A run still `running` becomes `done` (or `failed` when no
 * pass finished); a run stopped `over_budget` keeps its status; both become a submission of the finished passes'
 * findings (source in_house, the run's harness and cost), scored by the normal scoring queue and reviewed like any
 * other. A cancelled run only records its end. Idempotent: the submission's id is the run's id, so finishing twice (two
 * passes ending at once, a retried job) stores one submission.
 */
export async function finishRunIfComplete(runId: string): Promise<void> {
  const active = await db.auditPass.count({ where: { runId, status: { in: [...ACTIVE] } } });
  if (active > 0) return;
  const run = await db.auditRun.findUnique({ where: { id: runId } });
  if (!run || run.finishedAt) return;
  const [done, failed] = await Promise.all([
    db.auditPass.count({ where: { runId, status: "done" } }),
    db.auditPass.count({ where: { runId, status: "failed" } }),
  ]);
  if (run.status === "cancelled" || run.status === "failed" || run.status === "queued") {
    await finishOnce({
      where: { id: runId, finishedAt: null },
      data: { finishedAt: new Date(), passesDone: done, passesFailed: failed },
    });
    return;
  }
  if (run.status === "over_budget" && done === 0) {
    // Nothing finished before the budget ran out: there is nothing to submit.
    await finishOnce({
      where: { id: runId, finishedAt: null },
      data: { finishedAt: new Date(), passesDone: done, passesFailed: failed },
    });
    return;
  }
  if (run.status === "running" && done === 0) {
    await finishOnce({
      where: { id: runId, finishedAt: null },
      data: {
        status: "failed",
        error: run.error ?? "no pass finished",
        finishedAt: new Date(),
        passesDone: done,
        passesFailed: failed,
      },
    });
    return;
  }
  const passes = await db.auditPass.findMany({
    where: { runId, status: "done" },
    orderBy: { ordinal: "asc" },
    select: { findings: true },
  });
  const findings: FindingInput[] = passes.flatMap((p) =>
    (Array.isArray(p.findings) ? p.findings : []).map((f) => findingSchema.parse(f)),
  );
  const benchmark = await db.benchmark.findUniqueOrThrow({
    where: { id: run.benchmarkId },
    select: { slug: true, version: true },
  });
  const existing = await db.submission.findUnique({ where: { id: run.id }, select: { id: true } });
  if (!existing) {
    try {
      await createSubmission(
        {
          benchmark: `${benchmark.slug}@${benchmark.version}`,
          model: run.model,
          reasoning_effort: run.reasoningEffort ?? undefined,
          harness: run.harness,
          cost_usd: Math.round(run.costUsd * 1e6) / 1e6,
          findings,
        },
        run.createdById,
        { source: "in_house", id: run.id },
      );
    } catch (error) {
      // Another pass finished the run at the same moment and stored it first.
      if (!(await db.submission.findUnique({ where: { id: run.id }, select: { id: true } }))) throw error;
    }
  }
  await finishOnce({
    where: { id: runId, finishedAt: null },
    data: {
      submissionId: run.id,
      status: run.status === "running" ? "done" : run.status,
      finishedAt: new Date(),
      passesDone: done,
      passesFailed: failed,
    },
  });
}

/** Marks the run finished (once: the guard on finishedAt) and tells admins' webhooks when this call did it. */
async function finishOnce(args: {
  where: { id: string; finishedAt: null };
  data: Prisma.AuditRunUncheckedUpdateManyInput;
}): Promise<void> {
  const { count } = await db.auditRun.updateMany(args);
  if (count > 0) await emitAuditRunFinished(args.where.id);
}
