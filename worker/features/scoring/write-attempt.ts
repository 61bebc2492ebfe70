import { LostClaimError } from "../../jobs/lost-claim";
import type { Prisma } from "../../../lib/generated/prisma/client";
import { makeAttemptCurrent } from "../../../lib/server/scoring/scoring-attempt-store";
import { updateClaimed, type Claim } from "./claim-submission";

// Derived rows of a scoring attempt are written in batches under the attempt's id (lib/server/scoring/
// scoring-attempt-store.ts); they become the submission's rows when one short transaction switches
// Submission.scoringAttemptId to the attempt, and the status becomes "scored" after that.

/**
 * Makes the attempt current (makeAttemptCurrent) or throws LostClaimError when a later claim took the submission.
 * Returns the attempt it replaced. The status becomes "scored" afterwards (markScored), once the replaced rows are
 * deleted, so "scored" never shows two attempts' rows.
 */
export async function switchToAttempt(
  claim: Claim,
  scoreRows: Prisma.ScoreCreateManyInput[],
  usage: Omit<Prisma.JudgeUsageCreateManyInput, "submissionId">,
  spectrumRows: Prisma.RunSpectrumCreateManyInput[] = [],
): Promise<string> {
  const replaced = await makeAttemptCurrent(claim, scoreRows, usage, spectrumRows);
  if (replaced === null) throw new LostClaimError(`submission ${claim.submissionId}`);
  return replaced;
}

export async function markScored(claim: Claim): Promise<void> {
  await updateClaimed(claim, {
    scoringStatus: "scored",
    scoringProgress: 100,
    scoringError: null,
    scoredAt: new Date(),
  });
}
