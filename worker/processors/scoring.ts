import "server-only";
import { UnrecoverableError, type Job } from "bullmq";
import { env } from "../../lib/env";
import { createEmbeddingProvider } from "../../lib/embeddings/provider";
import { createJudge } from "../../lib/llm/judge";
import { fixRankJobSchema, scoringJobSchema, type FixRankJob, type ScoringJob } from "../../lib/queue/queues";
import { queueAttributionAfterScoring } from "../../lib/server/analysis/start-analysis";
import { emitSubmissionEvent } from "../../lib/server/webhooks/emit-webhook-event";
import { computeFixRankTests, computeFixRankTestsOfBenchmark } from "../../lib/server/analyses/fix-rank-tests";
import { computeRepeatedRunFit } from "../../lib/server/analyses/repeated-run-fit";
import { claimSubmission, LostClaimError, updateClaimed } from "../services/claim-submission";
import { classifyScoringError } from "../services/classify-error";
import { scoreSubmission } from "../services/score-submission";

// Thin processor: validate the payload, claim the row (with a fencing token), call the service, record permanent
// failures on the row. Every write to the row goes through the claim, so a superseded attempt writes nothing.
export async function processScoringJob(job: Job<ScoringJob>): Promise<unknown> {
  const parsed = scoringJobSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError("invalid scoring job payload");
  const { submissionId } = parsed.data;
  const claim = await claimSubmission(submissionId);
  if (!claim) return { skipped: true };
  try {
    const summary = await scoreSubmission(claim, {
      judge: createJudge(),
      embedder: createEmbeddingProvider(),
      concurrency: env.JUDGE_CONCURRENCY,
      budget: env.JUDGE_CALL_BUDGET,
      malformedRetries: env.JUDGE_MALFORMED_RETRIES,
      // Queue progress is for dashboards only: Postgres holds the real progress, so a Redis hiccup must not fail scoring.
      onProgress: (percent) => job.updateProgress(percent).catch(() => undefined),
    });
    // Bug-type attribution follows scoring (when an LLM is configured); a failure to queue it never fails scoring.
    if (summary.outcome === "scored") await queueAttributionAfterScoring(submissionId).catch((error) => console.error(`queueing attribution of ${submissionId} failed:`, error));
    if (summary.outcome === "scored") await emitSubmissionEvent("submission.scored", submissionId);
    // §C.4 and §E.2 from the stored matches and curves (tens of milliseconds per run, see docs/analyses.md); a
    // failure leaves the scores standing and the analyses absent, never fails scoring.
    const analyses = summary.outcome === "scored" ? await runAnalyses(submissionId) : null;
    return {
      outcome: summary.outcome,
      comparedPairs: summary.comparedPairs,
      keptPairs: summary.keptPairs,
      judgeCalls: summary.judge.calls,
      crossRun: summary.crossRun,
      timings: summary.timings,
      analyses,
    };
  } catch (error) {
    // A later claim owns the submission now: this attempt stops quietly, it must not record anything.
    if (error instanceof LostClaimError) return { superseded: true };
    const { permanent, message } = classifyScoringError(error);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    console.error(`scoring ${submissionId} failed (attempt ${job.attemptsMade + 1}):`, error);
    try {
      if (permanent || lastAttempt) {
        await updateClaimed(claim, { scoringStatus: "failed", scoringError: message });
        await emitSubmissionEvent("submission.failed", submissionId, { error: message });
        throw permanent ? new UnrecoverableError(message) : error;
      }
      await updateClaimed(claim, { scoringError: message });
    } catch (recordError) {
      if (recordError instanceof LostClaimError) return { superseded: true };
      throw recordError;
    }
    throw error;
  }
}

async function runAnalyses(submissionId: string): Promise<{ fixRankMs: number } | { failed: true }> {
  try {
    const { ms } = await computeFixRankTests(submissionId);
    await computeRepeatedRunFit(submissionId);
    return { fixRankMs: ms };
  } catch (error) {
    console.error(`analyses of ${submissionId} failed:`, error);
    return { failed: true };
  }
}

/** fix-rank-queue: recomputes a version's fix-rank tests (after its fix dates were imported). Idempotent. */
export async function processFixRankJob(job: Job<FixRankJob>): Promise<unknown> {
  const parsed = fixRankJobSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError("invalid fix-rank job payload");
  return computeFixRankTestsOfBenchmark(parsed.data.benchmarkId);
}
