import { db } from "../../db";
import { labelRunCurvePoint } from "../../scoring/components";
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
export type ScoreRow = ScoreValues & { runId: string | null; kind: string; n: number; scope: string; key: string };

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

export type StoredBreakdown = {
  overall: StoredScore;
  languages: (StoredScore & { language: string })[];
  repositories: (StoredScore & { repo: string; language: string })[];
};

// Code-unit order, not localeCompare: the order must not depend on the server's locale (as lib/scoring/metrics.ts).
const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The overall, per-language and per-repository scores among `rows` (one kind, one run). */
export function breakdownOf(rows: ScoreRow[], languageOfRepo: Map<string, string>): StoredBreakdown | undefined {
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
  mean: StoredBreakdown | undefined;
  runs: ({ run: number } & StoredBreakdown)[];
  curves: (StoredScore & { n: number; label: string })[];
};

/**
 * The stored scores of a submission: the mean (equal to the run for one run), each run, and the n-of-k curve
 * labelled by the one label table (lib/scoring/components.ts labelRunCurvePoint). `runCount` overrides the number of
 * runs for entries whose runs are not stored (reported ones).
 */
export async function readScoreBreakdowns(submissionId: string, options: { runCount?: number } = {}): Promise<StoredScores> {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { benchmark: { select: { repositories: { select: { name: true, language: true } } } }, runs: { select: { id: true, index: true }, orderBy: { index: "asc" } } },
  });
  const languageOfRepo = new Map(submission.benchmark.repositories.map((r) => [r.name, r.language]));
  const rows = await db.score.findMany({ where: { submissionId } });
  const mean = breakdownOf(rows.filter((r) => r.kind === "mean"), languageOfRepo);
  const runs = submission.runs
    .map((run) => ({ run: run.index, ...breakdownOf(rows.filter((r) => r.kind === "run" && r.runId === run.id), languageOfRepo) }))
    .filter((r): r is { run: number } & StoredBreakdown => r.overall !== undefined);
  const k = options.runCount ?? submission.runs.length;
  const curves = rows
    .filter((r) => r.kind === "curve" && r.scope === "overall")
    .sort((a, b) => a.n - b.n)
    .map((r) => ({ n: r.n, label: labelRunCurvePoint(r.n, k), ...storedScoreOf(r) }));
  return { mean, runs, curves };
}
