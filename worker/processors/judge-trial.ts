import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { judgeTrialQueue } from "../../lib/queue/judge-trial-queue";
import { classifyJudgeTrialError } from "../jobs/classify-job-error";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { claimJudgeTrial, JUDGE_TRIAL, updateTrial } from "../features/grading/claim-trial";
import { runJudgeTrial } from "../features/grading/run-trial";

// judge-trial-queue: a JudgeTrial row each, fenced like the panel's.
export function processJudgeTrialJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: judgeTrialQueue.payload,
    claim: ({ trialId }) => claimJudgeTrial(trialId),
    lease: (claim) => ({ fenced: JUDGE_TRIAL, id: claim.trialId, token: claim.token }),
    logFields: ({ trialId }) => ({ runId: trialId }),
    classify: classifyJudgeTrialError,
    record: (claim, { message, final }) =>
      updateTrial(claim, final ? { status: "failed", error: message } : { error: message }),
    work: (claim, { onProgress }) =>
      runJudgeTrial(
        claim,
        {
          budget: env.JUDGE_CALL_BUDGET,
          concurrency: env.JUDGE_CONCURRENCY,
          malformedRetries: env.JUDGE_MALFORMED_RETRIES,
        },
        onProgress,
      ),
  });
}
