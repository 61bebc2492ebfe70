import { db } from "../../db";
import { AppError } from "../../errors";
import { canViewSubmission, type Viewer } from "../submissions/get-submission-status";
import { intervalOf } from "./compute-leaderboard-view";
import { cellOf } from "./load-leaderboard-data";
import type { Interval, StoredCell } from "./types";

// Everything the public submission page shows, from precomputed Score rows and JudgeUsage (never from findings).
// Unknown and invisible submissions are both "not found", so ids cannot be probed.

export type DetailCell = StoredCell & { recallInterval: Interval | null; precisionInterval: Interval | null };

const detailCell = (row: Parameters<typeof cellOf>[0]): DetailCell => {
  const cell = cellOf(row);
  return { ...cell, recallInterval: intervalOf(cell.matchedReferenceBugs, cell.referenceBugs), precisionInterval: intervalOf(cell.matchedFindings, cell.findings) };
};

export async function getSubmissionDetail(id: string, viewer: Viewer) {
  const submission = await db.submission.findUnique({
    where: { id },
    include: {
      benchmark: { include: { repositories: { orderBy: { name: "asc" } } } },
      judgeUsage: true,
      runs: { orderBy: { index: "asc" }, select: { id: true, index: true, costUsd: true, _count: { select: { findings: true } } } },
    },
  });
  if (!submission || !canViewSubmission(viewer, submission)) throw new AppError("not_found", "Submission not found");
  const rows = await db.score.findMany({ where: { submissionId: id } });
  const languageOf = new Map(submission.benchmark.repositories.map((r) => [r.name, r.language]));
  const mean = rows.filter((r) => r.kind === "mean");
  const overall = mean.find((r) => r.scope === "overall");
  const reported = submission.source === "reported" ? ((submission.reportedData ?? {}) as Record<string, unknown>) : null;
  const usage = submission.judgeUsage[0] ?? null;
  const k = submission.runs.length;

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
    createdAt: submission.createdAt.toISOString(),
    scoredAt: submission.scoredAt?.toISOString() ?? null,
    benchmark: { slug: submission.benchmark.slug, version: submission.benchmark.version, name: submission.benchmark.name, key: `${submission.benchmark.slug}@${submission.benchmark.version}` },
    runCount: reported ? Number(reported.runs ?? 1) : k,
    findings: submission.runs.reduce((n, r) => n + r._count.findings, 0),
    reported,
    overall: overall ? detailCell(overall) : null,
    languages: mean
      .filter((r) => r.scope === "language")
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((r) => ({ language: r.key, ...detailCell(r) })),
    repositories: mean
      .filter((r) => r.scope === "repository")
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((r) => ({ repo: r.key, language: languageOf.get(r.key) ?? "", ...detailCell(r) })),
    runs:
      k > 1
        ? submission.runs.map((run) => {
            const row = rows.find((r) => r.kind === "run" && r.runId === run.id && r.scope === "overall");
            return { index: run.index, costUsd: run.costUsd, findings: run._count.findings, cell: row ? detailCell(row) : null };
          })
        : [],
    curves: rows
      .filter((r) => r.kind === "curve" && r.scope === "overall")
      .sort((a, b) => a.n - b.n)
      .map((r) => {
        const runs = reported ? Number(reported.runs ?? 1) : k;
        return { n: r.n, label: r.n === 1 ? `union of ${runs} runs` : r.n === runs ? `intersection of ${runs} runs` : `reported in at least ${r.n} of ${runs} runs`, ...detailCell(r) };
      }),
    scoring: usage
      ? {
          judgeModel: usage.judgeModel,
          offlineJudge: usage.offlineJudge,
          promptVersion: usage.promptVersion,
          embeddingProvider: usage.embeddingProvider,
          embeddingModel: usage.embeddingModel,
          thresholds: usage.thresholds as Record<string, number>,
          benchmarkVersion: usage.benchmarkVersion,
          comparedPairs: usage.comparedPairs,
          keptPairs: usage.keptPairs,
          judgeCalls: usage.judgeCalls,
          cachedVerdicts: usage.cachedVerdicts,
          judgeCostUsd: usage.costUsd,
        }
      : null,
  };
}

export type SubmissionDetail = Awaited<ReturnType<typeof getSubmissionDetail>>;
