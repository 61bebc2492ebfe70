import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import { readScoringRecord } from "../submissions/scoring-usage";
import { canViewSubmission, type Viewer } from "../../auth/viewer";
import type { ScoreWithIntervals } from "../../scoring/types";
import { readScoreBreakdowns } from "../submissions/read-scores";
import { readUnionGrowth } from "../analyses/union-growth";
import { readRunGroups, readSubsetCurves } from "../analyses/subset-curves";
import { readRunShare } from "../analyses/run-share";
import { readDistinctFindingOverlap } from "../analyses/distinct-finding-overlap";
import { categoryOverlapView } from "../analyses/category-overlap";
import { readRunMatches } from "../analyses/run-matches";
import { readRunAgreement } from "../analyses/run-agreement-share";
import { withIntervals } from "../../leaderboard/compute-leaderboard-view";
import { benchmarkKey } from "../../validation/benchmark-ref";
import { findRankHistory } from "./get-rank-history";

// Everything the public submission page shows, from precomputed Score rows and JudgeUsage (never from findings).
// Unknown and invisible submissions are both "not found", so ids cannot be probed.

export type DetailCell = ScoreWithIntervals;

export async function getSubmissionDetail(id: string, viewer: Viewer) {
  const submission = await db.submission.findUnique({
    where: { id },
    include: {
      benchmark: { include: { repositories: { orderBy: { name: "asc" } } } },
      judgeUsage: true,
      runs: {
        orderBy: { index: "asc" },
        select: { id: true, index: true, costUsd: true, _count: { select: { findings: true } } },
      },
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  const reported =
    submission.source === "reported" ? ((submission.reportedData ?? {}) as Record<string, unknown>) : null;
  const usage = submission.judgeUsage[0] ?? null;
  const k = submission.runs.length;
  const scores = await readScoreBreakdowns(id, { runCount: reported ? Number(reported.runs ?? 1) : k });
  // Figures 9, 7 and 8 and how it was scored: independent reads of what is stored, together. Figures 7, 8 and 9's
  // subset curves compare the runs on the reference bugs they match, read once for all three.
  const runMatches = reported ? Promise.resolve(null) : readRunMatches(submission);
  const runGroups = reported ? Promise.resolve(null) : readRunGroups(submission, scores, runMatches);
  const [unionGrowth, subsetCurves, runShare, distinctOverlap, categoryOverlap, runAgreement, scoring, rankHistory] =
    await Promise.all([
      reported ? [] : readUnionGrowth(id, scores.spectrum),
      reported ? null : readSubsetCurves(submission, runGroups),
      reported ? null : readRunShare(submission, runGroups),
      reported ? null : readDistinctFindingOverlap(submission, runGroups, runMatches),
      runMatches.then(categoryOverlapView),
      reported ? null : readRunAgreement(submission, runMatches),
      usage ? readScoringRecord(submission, usage) : null,
      submission.reviewStatus === "approved" ? findRankHistory(id) : null,
    ]);

  return {
    id: submission.id,
    model: submission.model,
    effort: submission.reasoningEffort,
    harness: submission.harness,
    source: reported ? ("reported" as const) : ("verified" as const),
    submissionSource: submission.source,
    reviewStatus: submission.reviewStatus,
    scoringStatus: submission.scoringStatus,
    costUsd: submission.costUsd,
    reportUrl: submission.reportUrl,
    openModel: submission.openModel,
    organisation: submission.organisation,
    model_licence: submission.modelLicence,
    parameter_count: submission.parameterCount === null ? null : Number(submission.parameterCount),
    createdAt: submission.createdAt.toISOString(),
    scoredAt: submission.scoredAt?.toISOString() ?? null,
    benchmark: {
      slug: submission.benchmark.slug,
      version: submission.benchmark.version,
      name: submission.benchmark.name,
      key: benchmarkKey(submission.benchmark),
    },
    runCount: reported ? Number(reported.runs ?? 1) : k,
    // §2.3: the share of within-repository pairs the paper's prefilter kept, from the version's reported import.
    publishedRetainedShare: publishedRetainedShare(submission.benchmark.taxonomy),
    findings: submission.runs.reduce((n, r) => n + r._count.findings, 0),
    reported,
    overall: scores.mean ? withIntervals(scores.mean.overall) : null,
    languages: (scores.mean?.languages ?? []).map((row) => ({ ...row, ...withIntervals(row) })),
    repositories: (scores.mean?.repositories ?? []).map((row) => ({ ...row, ...withIntervals(row) })),
    runs:
      k > 1
        ? submission.runs.map((run) => {
            const stored = scores.runs.find((r) => r.run === run.index);
            return {
              index: run.index,
              costUsd: run.costUsd,
              findings: run._count.findings,
              // Distinct findings (two reports of one bug in the run count once) and how many match a reference bug.
              distinctFindings: stored?.distinct_findings ?? null,
              matchedDistinctFindings: stored?.matched_distinct_findings ?? null,
              cell: stored ? withIntervals(stored.overall) : null,
            };
          })
        : [],
    meanDistinctFindings: scores.mean?.distinct_findings ?? null,
    curves: scores.curves.map((point) => ({ ...point, ...withIntervals(point) })),
    spectrum: scores.spectrum,
    unionGrowth,
    subsetCurves,
    runShare,
    distinctOverlap,
    categoryOverlap,
    runAgreement,
    scoring,
    rankHistory,
  };
}

/** The paper's prefilter share (0..1) where the version's reported import carries it (`matcher_validation`). */
function publishedRetainedShare(taxonomy: unknown): number | null {
  const validation = (
    taxonomy as { reported?: { matcher_validation?: { prefilter_retained_pair_share_pct?: unknown } } }
  )?.reported?.matcher_validation;
  const pctValue = validation?.prefilter_retained_pair_share_pct;
  return typeof pctValue === "number" && Number.isFinite(pctValue) ? pctValue / 100 : null;
}

export type SubmissionDetail = Awaited<ReturnType<typeof getSubmissionDetail>>;
