import type { z } from "zod";
import type { JudgeUsage } from "../../generated/prisma/client";
import type { scoringRecordSchema } from "../../contracts/submissions";
import { OFFLINE_EMBEDDING_PROVIDER } from "../../embeddings/offline-embedder";
import { db } from "../../db";

export type ScoringRecord = z.input<typeof scoringRecordSchema>;

/**
 * How a submission was scored, from its JudgeUsage row: the one reading of those columns for the API
 * (`GET /api/v1/submissions/{id}`) and the submission page.
 */
export async function readScoringRecord(
  submission: { id: string; scoringAttemptId: string },
  usage: JudgeUsage,
): Promise<ScoringRecord> {
  return {
    judge_model: usage.judgeModel,
    offline_judge: usage.offlineJudge,
    prompt_version: usage.promptVersion,
    embedding_provider: usage.embeddingProvider,
    embedding_model: usage.embeddingModel,
    // The offline embedder stands in for all-MiniLM-L6-v2: its cosines sit far below the paper's thresholds, so
    // the two embedding signals rarely fire (docs/scoring.md).
    offline_embedder: usage.embeddingProvider === OFFLINE_EMBEDDING_PROVIDER,
    prefilter_version: usage.prefilterVersion,
    thresholds: usage.thresholds as ScoringRecord["thresholds"],
    benchmark_version: usage.benchmarkVersion,
    compared_pairs: usage.comparedPairs,
    kept_pairs: usage.keptPairs,
    judge_calls: usage.judgeCalls,
    cached_verdicts: usage.cachedVerdicts,
    input_tokens: usage.inputTokens,
    cached_input_tokens: usage.cachedInputTokens,
    output_tokens: usage.outputTokens,
    judge_cost_usd: usage.costUsd,
    batch_calls: usage.batchCalls,
    // Faults survived: HTTP retries of judge calls (429 / 5xx / timeouts) and malformed replies asked again.
    retries: usage.retries,
    malformed_replies: usage.malformedReplies,
    estimated_calls: usage.estimatedCalls,
    estimated_cost_usd: usage.estimatedCostUsd,
    // Repeated runs: duplicate candidate pairs (within and across runs) compared, kept, judged, decided from the
    // cache, skipped as connected; within_run_* are the part within one run.
    cross_run: {
      compared: usage.crossRunCompared,
      kept: usage.crossRunKept,
      within_run_compared: usage.withinRunCompared,
      within_run_kept: usage.withinRunKept,
      judged: usage.crossRunJudged,
      cached: usage.crossRunCached,
      skipped_connected: usage.crossRunSkipped,
    },
    maintainer_decided_matches: await countMaintainerDecidedMatches(submission),
  };
}

/** Matches (finding/reference pairs, all runs) of the current scoring that a maintainer's override decided. */
async function countMaintainerDecidedMatches(submission: { id: string; scoringAttemptId: string }): Promise<number> {
  return db.match.count({
    where: {
      attemptId: submission.scoringAttemptId,
      source: "override",
      finding: { run: { submissionId: submission.id } },
    },
  });
}
