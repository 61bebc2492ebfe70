import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { repeatJudgingQueue } from "../../lib/queue/repeat-judging-queue";
import {
  claimRepeatJudging,
  REPEAT_JUDGING_TABLE,
  updateRepeatJudging,
} from "../../lib/server/grading/repeat-judging-rows";
import { classifyRepeatJudgingError } from "../jobs/classify-job-error";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { assertClaimHeld } from "../jobs/fenced-row";
import { runRepeatJudging } from "../features/grading/run-repeat-judging";

// repeat-judging-queue: a RepeatJudging row each, fenced like a trial's.
export function processRepeatJudgingJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: repeatJudgingQueue.payload,
    claim: ({ repeatId }) => claimRepeatJudging(repeatId),
    lease: (claim) => ({ fenced: REPEAT_JUDGING_TABLE, id: claim.repeatId, token: claim.token }),
    logFields: ({ repeatId }) => ({ runId: repeatId }),
    classify: classifyRepeatJudgingError,
    record: async (claim, { message, final }) =>
      assertClaimHeld(
        Number(await updateRepeatJudging(claim, final ? { status: "failed", error: message } : { error: message })),
        `repeat judging ${claim.repeatId}`,
      ),
    work: (claim, { onProgress }) =>
      runRepeatJudging(
        claim,
        { concurrency: env.JUDGE_CONCURRENCY, malformedRetries: env.JUDGE_MALFORMED_RETRIES },
        onProgress,
      ),
  });
}
