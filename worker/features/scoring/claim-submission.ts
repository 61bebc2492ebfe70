import { Prisma } from "../../../lib/generated/prisma/client";
import { db } from "../../../lib/db";
import { assertClaimHeld, claimFencedRow, type FencedTable } from "../../jobs/fenced-row";

// Scoring's job row is the submission, fenced by its claimToken (worker/jobs/fenced-row.ts): every write of scoring
// state checks the token, so only the latest claimant can move the submission.

export type Claim = { submissionId: string; token: number; attemptId: string };

export const SUBMISSION: FencedTable = { table: "Submission", lease: "scoringLeaseUntil" };

/** Claims the submission for a new scoring attempt; null when nothing is to be scored (already scored, held, failed). */
export async function claimSubmission(submissionId: string): Promise<Claim | null> {
  const row = await claimFencedRow(db, SUBMISSION, submissionId, {
    set: Prisma.sql`"scoringStatus" = 'scoring', "scoringProgress" = 0, "scoringError" = NULL, "updatedAt" = now()`,
    claimable: Prisma.sql`"scoringStatus" IN ('queued', 'scoring')`,
  });
  if (!row) return null;
  // Attempt ids sort by token, so rows of an older attempt are recognisable.
  return {
    submissionId,
    token: row.token,
    attemptId: `a${String(row.token).padStart(8, "0")}-${Date.now().toString(36)}`,
  };
}

type Fenceable = { submission: { updateMany: typeof db.submission.updateMany } };

/** Updates the submission only while the claim holds; throws LostClaimError otherwise. */
export async function updateClaimed(
  claim: Claim,
  data: Parameters<typeof db.submission.updateMany>[0]["data"],
  client: Fenceable = db,
): Promise<void> {
  const { count } = await client.submission.updateMany({
    where: { id: claim.submissionId, claimToken: claim.token },
    data,
  });
  assertClaimHeld(count, `submission ${claim.submissionId}`);
}
