import { db } from "../../db";
import { env } from "../../env";
import type { z } from "zod";
import { AppError } from "../../errors";
import { enqueueScoring } from "../../queue/scoring-queue";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { benchmarkKey } from "../../validation/benchmark-ref";
import type { approveJudgeSpendBodySchema, approvedSpendSchema } from "../../contracts/admin";

/**
 * An admin lifts the judge-call budget for one submission that stopped above it: the approved number of calls is
 * stored on the row, the submission goes back to the queue, and scoring continues (embeddings and any verdicts
 * already cached are reused). Audit-logged with the estimate and the budget.
 */
export async function approveJudgeSpend(
  actorId: string,
  id: string,
  approval: z.output<typeof approveJudgeSpendBodySchema>,
): Promise<z.input<typeof approvedSpendSchema>> {
  const { calls } = approval;
  const approved = await db.$transaction(async (tx) => {
    const submission = await tx.submission.findUnique({
      where: { id },
      select: { scoringStatus: true, model: true, judgeUsage: { select: { estimatedCalls: true } } },
    });
    if (!submission) throw new AppError("not_found", "Submission not found");
    if (submission.scoringStatus !== "awaiting_approval")
      throw new AppError(
        "conflict",
        `Only a submission waiting for approval can be approved; this one is ${submission.scoringStatus}`,
      );
    const estimate = submission.judgeUsage[0]?.estimatedCalls ?? 0;
    const approvedCalls = calls ?? estimate;
    if (approvedCalls < estimate)
      throw new AppError("invalid_input", "The approval is below the estimate", [
        { path: "calls", message: `must be at least the estimate, ${estimate}` },
      ]);
    const { count } = await tx.submission.updateMany({
      where: { id, scoringStatus: "awaiting_approval" },
      data: { approvedJudgeCalls: approvedCalls, scoringStatus: "queued", scoringError: null },
    });
    if (count === 0) throw new AppError("conflict", "The submission changed meanwhile; reload and try again");
    await recordAuditLog(tx, {
      actorId,
      action: "submission.approve_judge_spend",
      target: `submission:${id}`,
      reason: null,
      details: { model: submission.model, estimate, budget: env.JUDGE_CALL_BUDGET, approved: approvedCalls },
    });
    return approvedCalls;
  });
  // The row is queued first (state in Postgres); a lost enqueue is picked up by a worker's start-up scan.
  await enqueueScoring(id, { rescore: true });
  return { id, status: "queued", approved_judge_calls: approved };
}

/** Submissions stopped above the judge-call budget, oldest first, with their estimates in calls and dollars. */
export async function listAwaitingApproval() {
  const rows = await db.submission.findMany({
    where: { scoringStatus: "awaiting_approval" },
    orderBy: { createdAt: "asc" },
    take: 50,
    select: {
      id: true,
      model: true,
      createdAt: true,
      scoringError: true,
      benchmark: { select: { slug: true, version: true } },
      judgeUsage: { select: { estimatedCalls: true, estimatedCostUsd: true, judgeModel: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    model: r.model,
    benchmark: benchmarkKey(r.benchmark),
    created_at: r.createdAt.toISOString(),
    reason: r.scoringError,
    estimated_calls: r.judgeUsage[0]?.estimatedCalls ?? null,
    // Dollars of those calls at the judge model's price (worker/features/scoring/judge-budget.ts); null: no price.
    estimated_cost_usd: r.judgeUsage[0]?.estimatedCostUsd ?? null,
    judge_model: r.judgeUsage[0]?.judgeModel ?? null,
    budget: env.JUDGE_CALL_BUDGET,
  }));
}
