import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { createEmbeddingProvider } from "../../lib/embeddings/provider";
import { createJudge } from "../../lib/llm/judge";
import { log } from "../../lib/observability/log";
import { scoringQueue } from "../../lib/queue/scoring-queue";
import { queueAttributionAfterScoring } from "../../lib/server/analysis/start-analysis";
import { classifyScoringError } from "../jobs/classify-job-error";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { claimSubmission, updateClaimed } from "../services/claim-submission";
import { scoreSubmission } from "../services/score-submission";

// Scoring a submission: every write to the row goes through the claim, so a superseded attempt writes nothing.
export function processScoringJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: scoringQueue.payload,
    claim: ({ submissionId }) => claimSubmission(submissionId),
    logFields: ({ submissionId }) => ({ submissionId }),
    classify: classifyScoringError,
    record: (claim, { message, final }) => updateClaimed(claim, final ? { scoringStatus: "failed", scoringError: message } : { scoringError: message }),
    work: async (claim, { onProgress }) => {
      const summary = await scoreSubmission(claim, {
        judge: createJudge(),
        embedder: createEmbeddingProvider(),
        concurrency: env.JUDGE_CONCURRENCY,
        budget: env.JUDGE_CALL_BUDGET,
        malformedRetries: env.JUDGE_MALFORMED_RETRIES,
        onProgress,
      });
      // Bug-type attribution follows scoring (when an LLM is configured); a failure to queue it never fails scoring.
      if (summary.outcome === "scored") await queueAttributionAfterScoring(claim.submissionId).catch((error) => log.error({ err: error }, "queueing attribution failed"));
      const { outcome, comparedPairs, keptPairs, crossRun, timings } = summary;
      return { outcome, comparedPairs, keptPairs, judgeCalls: summary.judge.calls, crossRun, timings };
    },
  });
}
