import { db } from "../../db";
import { labelRunCurvePoint } from "../../scoring/components";
import type { SpectrumPoint } from "../../scoring/spectrum";
import type { StoredScore } from "../../scoring/types";

// The one reader of stored scores: Score rows become the one score shape (lib/scoring/types.ts) here, for the
// submission API, the public pages, the leaderboard data and the CLI alike.

/** The stored numbers of one Score row, as Prisma returns them. */
export type ScoreValues = {
  recall: number | null;
  precision: number | null;
  f1: number | null;
  matchedReferenceBugs: number;
  referenceBugs: number;
  matchedFindings: number;
  findings: number;
};

/** A Score row as the readers of scores see it. */
export type ScoreRow = ScoreValues & {
  runId: string | null;
  kind: string;
  n: number;
  scope: string;
  key: string;
  distinctFindings?: number | null;
  matchedDistinctFindings?: number | null;
};

/**
 * Repeated runs: distinct findings of a run (same-root-cause components holding one of its findings; two reports of
 * one bug in a run count once) and how many match a reference bug, next to the reported findings that recall and
 * precision count. Null for a single run and for scores made before distinct findings were counted.
 */
type DistinctCounts = { distinct_findings: number | null; matched_distinct_findings: number | null };

function distinctOf(row: ScoreRow | undefined): DistinctCounts {
  return {
    distinct_findings: known(row?.distinctFindings ?? null),
    matched_distinct_findings: known(row?.matchedDistinctFindings ?? null),
  };
}

// A null ratio has an empty denominator; a NaN is a number a reported entry does not publish. Both are "no value".
const known = (value: number | null): number | null => (value !== null && Number.isFinite(value) ? value : null);

/** One stored row as a score. */
export function storedScoreOf(row: ScoreValues): StoredScore {
  return {
    recall: known(row.recall),
    precision: known(row.precision),
    f1: known(row.f1),
    matched_reference_bugs: known(row.matchedReferenceBugs),
    reference_bugs: known(row.referenceBugs),
    matched_findings: known(row.matchedFindings),
    findings: known(row.findings),
  };
}

type StoredBreakdown = {
  overall: StoredScore;
  languages: (StoredScore & { language: string })[];
  repositories: (StoredScore & { repo: string; language: string })[];
};

// Code-unit order, not localeCompare: the order must not depend on the server's locale (as lib/scoring/metrics.ts).
const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The overall, per-language and per-repository scores among `rows` (one kind, one run). */
function breakdownOf(rows: ScoreRow[], languageOfRepo: Map<string, string>): StoredBreakdown | undefined {
  const overall = rows.find((r) => r.scope === "overall");
  if (!overall) return undefined;
  return {
    overall: storedScoreOf(overall),
    languages: rows
      .filter((r) => r.scope === "language")
      .sort(byKey)
      .map((r) => ({ language: r.key, ...storedScoreOf(r) })),
    repositories: rows
      .filter((r) => r.scope === "repository")
      .sort(byKey)
      .map((r) => ({ repo: r.key, language: languageOfRepo.get(r.key) ?? "", ...storedScoreOf(r) })),
  };
}

export type StoredScores = {
  mean: (StoredBreakdown & DistinctCounts) | undefined;
  runs: ({ run: number } & StoredBreakdown & DistinctCounts)[];
  /** The union / at-least-n / intersection curve: its findings are distinct findings (components), never reports. */
  curves: (StoredScore & { n: number; label: string })[];
  /** Repeated runs: the frequency spectrum and the accumulated union (lib/scoring/spectrum.ts); empty otherwise. */
  spectrum: SpectrumPoint[];
};

/**
 * The stored scores of a submission: the mean (equal to the run for one run), each run, the n-of-k curve
 * labelled by the one label table (lib/scoring/components.ts labelRunCurvePoint). `runCount` overrides the number of
 * runs for entries whose runs are not stored (reported ones).
 */
export async function readScoreBreakdowns(
  submissionId: string,
  options: { runCount?: number } = {},
): Promise<StoredScores> {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: {
      benchmark: { select: { repositories: { select: { name: true, language: true } } } },
      runs: { select: { id: true, index: true }, orderBy: { index: "asc" } },
    },
  });
  const languageOfRepo = new Map(submission.benchmark.repositories.map((r) => [r.name, r.language]));
  const rows = await db.score.findMany({ where: { submissionId } });
  const overallOf = (list: ScoreRow[]) => list.find((r) => r.scope === "overall");
  const meanRows = rows.filter((r) => r.kind === "mean");
  const meanBreakdown = breakdownOf(meanRows, languageOfRepo);
  const mean = meanBreakdown ? { ...meanBreakdown, ...distinctOf(overallOf(meanRows)) } : undefined;
  const runs = submission.runs
    .map((run) => {
      const runRows = rows.filter((r) => r.kind === "run" && r.runId === run.id);
      return { run: run.index, ...breakdownOf(runRows, languageOfRepo), ...distinctOf(overallOf(runRows)) };
    })
    .filter((r): r is { run: number } & StoredBreakdown & DistinctCounts => r.overall !== undefined);
  const k = options.runCount ?? submission.runs.length;
  const curves = rows
    .filter((r) => r.kind === "curve" && r.scope === "overall")
    .sort((a, b) => a.n - b.n)
    .map((r) => ({ n: r.n, label: labelRunCurvePoint(r.n, k), ...storedScoreOf(r) }));
  const spectrum = (await db.runSpectrum.findMany({ where: { submissionId }, orderBy: { n: "asc" } })).map((r) => ({
    n: r.n,
    exactly_matched: r.exactlyMatched,
    exactly_unmatched: r.exactlyUnmatched,
    union_matched: r.unionMatched,
    union_unmatched: r.unionUnmatched,
  }));
  return { mean, runs, curves, spectrum };
}
