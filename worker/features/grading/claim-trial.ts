import { Prisma } from "../../../lib/generated/prisma/client";
import { db } from "../../../lib/db";
import { heldJudgeCalls, JUDGE_CALL_BUDGET_LOCK } from "../../../lib/server/grading/repeat-judging-rows";
import { assertClaimHeld, claimFencedRow, type FencedTable } from "../../jobs/fenced-row";

// The JudgeTrial job row, fenced by its claimToken (worker/jobs/fenced-row.ts) like the panel's.

export const JUDGE_TRIAL: FencedTable = { table: "JudgeTrial", lease: "leaseUntil" };

export type TrialClaim = {
  trialId: string;
  token: number;
  benchmarkId: string;
  candidateModel: string;
  currentModel: string;
};

/** Claims a queued or running trial; null when there is nothing to do (done, failed or deleted). */
export async function claimJudgeTrial(trialId: string): Promise<TrialClaim | null> {
  const row = await claimFencedRow<Omit<TrialClaim, "trialId" | "token">>(db, JUDGE_TRIAL, trialId, {
    set: Prisma.sql`status = 'running', error = NULL, "updatedAt" = now()`,
    claimable: Prisma.sql`status IN ('queued', 'running')`,
    returning: Prisma.sql`"benchmarkId", "candidateModel", "currentModel"`,
  });
  return row ? { trialId, ...row } : null;
}

/** Updates the trial only while the claim holds; throws LostClaimError otherwise. */
export async function updateTrial(claim: TrialClaim, data: Prisma.JudgeTrialUpdateManyMutationInput): Promise<void> {
  const { count } = await db.judgeTrial.updateMany({ where: { id: claim.trialId, claimToken: claim.token }, data });
  assertClaimHeld(count, `judge trial ${claim.trialId}`);
}

/**
 * Reserves the trial's judge calls against JUDGE_CALL_BUDGET counted over every queued or running trial and repeat of
 * verdicts together (two versions' trials may run at once; each one alone under the budget could still spend twice it). Serialised by an
 * advisory lock, so two trials reserving at once cannot both pass. Returns the calls other trials hold when this one
 * does not fit (nothing reserved then), else null.
 */
export async function reserveTrialCalls(claim: TrialClaim, calls: number, budget: number): Promise<number | null> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw(JUDGE_CALL_BUDGET_LOCK);
    const held = await heldJudgeCalls(tx, claim.trialId);
    if (held + calls > budget) return held;
    const { count } = await tx.judgeTrial.updateMany({
      where: { id: claim.trialId, claimToken: claim.token },
      data: { plannedCalls: calls },
    });
    assertClaimHeld(count, `judge trial ${claim.trialId}`);
    return null;
  });
}
