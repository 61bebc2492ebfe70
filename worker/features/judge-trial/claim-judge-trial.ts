import { Prisma } from "../../../lib/generated/prisma/client";
import { db } from "../../../lib/db";
import { assertClaimHeld, claimFencedRow, type FencedTable } from "../../jobs/fenced-row";

// The JudgeTrial job row, fenced by its token (worker/jobs/fenced-row.ts) like the panel's.

export const JUDGE_TRIAL: FencedTable = { table: "JudgeTrial", token: "token", lease: "leaseUntil" };

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
  const { count } = await db.judgeTrial.updateMany({ where: { id: claim.trialId, token: claim.token }, data });
  assertClaimHeld(count, `judge trial ${claim.trialId}`);
}
