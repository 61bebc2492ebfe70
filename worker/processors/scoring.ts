import { UnrecoverableError, type Job } from "bullmq";
import { env } from "../../lib/env";
import { createEmbeddingProvider } from "../../lib/embeddings/provider";
import { createJudge } from "../../lib/llm/judge";
import { log } from "../../lib/observability/log";
import { fixRankQueue } from "../../lib/queue/fix-rank-queue";
import { scoringQueue } from "../../lib/queue/scoring-queue";
import { computeFixRankTests, computeFixRankTestsOfBenchmark } from "../../lib/server/analyses/fix-rank-tests";
import { computeRepeatedRunFit } from "../../lib/server/analyses/repeated-run-fit";
import { queueAttributionAfterScoring } from "../../lib/server/finding-review/start-finding-review";
import { emitSubmissionEvent } from "../../lib/server/webhooks/emit-webhook-event";
import { classifyScoringError } from "../jobs/classify-job-error";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { claimSubmission, updateClaimed } from "../features/scoring/claim-submission";
import { scoreSubmission } from "../features/scoring/score-submission";

// Scoring a submission: every write to the row goes through the claim, so a superseded attempt writes nothing.
export function processScoringJob(job: Job): Promise<unknown> {
  return runClaimedJob(job, {
    parse: scoringQueue.payload,
    claim: ({ submissionId }) => claimSubmission(submissionId),
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
      const summary = await scoreSubmission(claim, {
        judge: createJudge(),
        embedder: createEmbeddingProvider(),
        concurrency: env.JUDGE_CONCURRENCY,
        budget: env.JUDGE_CALL_BUDGET,
        malformedRetries: env.JUDGE_MALFORMED_RETRIES,
        onProgress,
      });
      // Bug-type attribution follows scoring (when an LLM is configured); a failure to queue it never fails scoring.
      if (summary.outcome === "scored")
        await queueAttributionAfterScoring(claim.submissionId).catch((error) =>
          log.error({ err: error }, "queueing attribution failed"),
        );
      if (summary.outcome === "scored") await emitSubmissionEvent("submission.scored", claim.submissionId);
      // §C.4 and §E.2 from the stored matches and curves (tens of milliseconds per run, see docs/analyses.md); a
      // failure leaves the scores standing and the analyses absent, never fails scoring.
      const analyses = summary.outcome === "scored" ? await runAnalyses(claim.submissionId) : null;
      const { outcome, comparedPairs, keptPairs, crossRun, timings } = summary;
      return { outcome, comparedPairs, keptPairs, judgeCalls: summary.judge.calls, crossRun, timings, analyses };
    },
  });
}

async function runAnalyses(submissionId: string): Promise<{ fixRankMs: number } | { failed: true }> {
  try {
    const { ms } = await computeFixRankTests(submissionId);
    await computeRepeatedRunFit(submissionId);
    return { fixRankMs: ms };
  } catch (error) {
    log.error({ err: error, submissionId }, "analyses failed");
    return { failed: true };
  }
}

/** fix-rank-queue: recomputes a version's fix-rank tests (after its fix dates were imported). Idempotent. */
export async function processFixRankJob(job: Job): Promise<unknown> {
  const parsed = fixRankQueue.payload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError("invalid fix-rank job payload");
  return computeFixRankTestsOfBenchmark(parsed.data.benchmarkId);
}
