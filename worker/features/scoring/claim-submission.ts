import { db } from "../../../lib/db";
import { LostClaimError } from "../../jobs/lost-claim";

// Fencing: a BullMQ lock can lapse (a stalled worker, a Redis restart) and hand the
// job to a second worker while the first still runs. Each claim therefore takes a new token, and every write of
// scoring state checks the token in the same statement: only the latest claimant can move the submission.

export type Claim = { submissionId: string; token: number; attemptId: string };

/** Claims the submission for a new scoring attempt; null when nothing is to be scored (already scored, held, failed). */
export async function claimSubmission(submissionId: string): Promise<Claim | null> {
  const rows = await db.$queryRaw<{ scoringToken: number }[]>`
    UPDATE "Submission"
    SET "scoringToken" = "scoringToken" + 1, "scoringStatus" = 'scoring', "scoringProgress" = 0, "scoringError" = NULL, "updatedAt" = now()
    WHERE id = ${submissionId} AND "scoringStatus" IN ('queued', 'scoring')
    RETURNING "scoringToken"`;
  const row = rows[0];
  if (!row) return null;
  // Attempt ids sort by token, so rows of an older attempt are recognisable.
  return {
    submissionId,
    token: row.scoringToken,
    attemptId: `a${String(row.scoringToken).padStart(8, "0")}-${Date.now().toString(36)}`,
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
    where: { id: claim.submissionId, scoringToken: claim.token },
    data,
  });
  if (count !== 1) throw new LostClaimError(`submission ${claim.submissionId}`);
}
