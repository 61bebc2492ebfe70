import type { Job } from "bullmq";
import { env } from "../../lib/env";
import { createEmbeddingProvider } from "../../lib/embeddings/provider";
import { createJudge } from "../../lib/llm/judge";
import { readActiveJudge } from "../../lib/server/grading/active-judge";
import { scoringQueue } from "../../lib/queue/scoring-queue";
import { emitSubmissionEvent } from "../../lib/server/webhooks/emit-webhook-event";
import { classifyScoringError } from "../jobs/classify-job-error";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { afterScoring } from "../features/scoring/after-scoring";
import { claimSubmission, SUBMISSION, updateClaimed } from "../features/scoring/claim-submission";
import { scoreSubmission } from "../features/scoring/score-submission";
import { batchOptionsFromEnv } from "../features/scoring/judge-batches";
import { watchRateLimit } from "../features/scoring/rate-limit-note";

// scoring-queue: every write to the submission goes through the claim, so a superseded attempt writes nothing.
export function processScoringJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: scoringQueue.payload,
    claim: ({ submissionId }) => claimSubmission(submissionId),
    lease: (claim) => ({ fenced: SUBMISSION, id: claim.submissionId, token: claim.token }),
    logFields: ({ submissionId }) => ({ submissionId }),
    classify: classifyScoringError,
    record: async (claim, { message, final }) => {
      await updateClaimed(
        claim,
        final ? { scoringStatus: "failed", scoringError: message } : { scoringError: message },
      );
      if (final) await emitSubmissionEvent("submission.failed", claim.submissionId, { error: message });
    },
    work: async (claim, { onProgress }) => {
      // The model an admin switched to after a trial, else JUDGE_MODEL: read per attempt, so a switch affects new scoring.
      const judge = createJudge((await readActiveJudge()).model);
      const stopWatching = watchRateLimit(judge, (note) => updateClaimed(claim, { scoringError: note }));
      const summary = await scoreSubmission(claim, {
        judge,
        embedder: createEmbeddingProvider(),
        concurrency: env.JUDGE_CONCURRENCY,
        budget: env.JUDGE_CALL_BUDGET,
        malformedRetries: env.JUDGE_MALFORMED_RETRIES,
        batch: batchOptionsFromEnv(),
        onProgress,
      }).finally(stopWatching);
      const analyses = summary.outcome === "scored" ? await afterScoring(claim.submissionId) : null;
      const { outcome, comparedPairs, keptPairs, crossRun, timings } = summary;
      return { outcome, comparedPairs, keptPairs, judgeCalls: summary.judge.calls, crossRun, timings, analyses };
    },
  });
}
