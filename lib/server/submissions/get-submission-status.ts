import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { readScoreBreakdowns } from "./read-scores";
import { OFFLINE_EMBEDDING_PROVIDER } from "../../embeddings/offline-embedder";
import { readAttributionJob, readPanelView } from "../panel/read-panel";
import type { submissionStatusSchema } from "../../contracts/submissions";
import { canViewSubmission, type Viewer } from "../../auth/viewer";

export type SubmissionStatus = z.input<typeof submissionStatusSchema>;

/** Matches (finding/reference pairs, all runs) of the current scoring that a maintainer's override decided. */
export async function countMaintainerDecidedMatches(submission: {
  id: string;
  scoringAttemptId: string;
}): Promise<number> {
  return db.match.count({
    where: {
      attemptId: submission.scoringAttemptId,
      source: "override",
      finding: { run: { submissionId: submission.id } },
    },
  });
}

/** The API view of a submission. Unknown and invisible submissions are both "not found", so ids cannot be probed. */
export async function getSubmissionStatus(id: string, viewer: Viewer): Promise<SubmissionStatus> {
  const submission = await db.submission.findUnique({
    where: { id },
    include: {
      benchmark: true,
      judgeUsage: true,
      runs: { select: { id: true, _count: { select: { findings: true } } } },
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  const result: SubmissionStatus = {
    id: submission.id,
    status: submission.scoringStatus,
    progress: submission.scoringProgress,
    review_status: submission.reviewStatus,
    benchmark: { slug: submission.benchmark.slug, version: submission.benchmark.version },
    model: submission.model,
    reasoning_effort: submission.reasoningEffort,
    harness: submission.harness,
    cost_usd: submission.costUsd,
    runs: submission.runs.length,
    findings: submission.runs.reduce((n, r) => n + r._count.findings, 0),
    created_at: submission.createdAt.toISOString(),
    scored_at: submission.scoredAt?.toISOString() ?? null,
    panel: null,
    panel_job: null,
    attribution: null,
  };
  const panel = await readPanelView(submission.id);
  if (panel) Object.assign(result, { panel: panel.panel, panel_job: panel.job });
  result.attribution = await readAttributionJob(submission.id);
  // A failure, or why scoring waits for an admin (the judge-call budget), is shown to the submitter.
  if (
    (submission.scoringStatus === "failed" || submission.scoringStatus === "awaiting_approval") &&
    submission.scoringError
  )
    result.error = submission.scoringError;
  if (submission.scoringStatus === "scored") {
    const breakdowns = await readScoreBreakdowns(submission.id);
    if (breakdowns.mean) {
      const { distinct_findings, matched_distinct_findings, ...mean } = breakdowns.mean;
      result.scores = { ...mean };
      if (breakdowns.runs.length > 1) {
        // Recall and precision count reported findings (Table 3); the distinct counts, the curve and the spectrum
        // count distinct findings (same-root-cause components).
        Object.assign(result.scores, { distinct_findings, matched_distinct_findings });
        result.scores.runs = breakdowns.runs;
        result.scores.curves = breakdowns.curves;
        result.scores.spectrum = breakdowns.spectrum;
      }
    }
    const usage = submission.judgeUsage[0];
    if (usage) {
      result.scoring = {
        judge_model: usage.judgeModel,
        offline_judge: usage.offlineJudge,
        prompt_version: usage.promptVersion,
        embedding_provider: usage.embeddingProvider,
        embedding_model: usage.embeddingModel,
        // The offline embedder stands in for all-MiniLM-L6-v2: its cosines sit far below the paper's thresholds, so
        // the two embedding signals rarely fire (docs/scoring.md).
        offline_embedder: usage.embeddingProvider === OFFLINE_EMBEDDING_PROVIDER,
        prefilter_version: usage.prefilterVersion,
        thresholds: usage.thresholds,
        benchmark_version: usage.benchmarkVersion,
        compared_pairs: usage.comparedPairs,
        kept_pairs: usage.keptPairs,
        judge_calls: usage.judgeCalls,
        cached_verdicts: usage.cachedVerdicts,
        judge_cost_usd: usage.costUsd,
        // Faults survived: HTTP retries of judge calls (429 / 5xx / timeouts) and malformed replies asked again.
        retries: usage.retries,
        malformed_replies: usage.malformedReplies,
        estimated_calls: usage.estimatedCalls,
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
  }
  return result;
}
