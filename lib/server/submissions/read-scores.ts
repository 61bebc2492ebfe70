import { db } from "../../db";
import { labelRunCurvePoint } from "../../scoring/components";
import type { Metrics, ScoreBreakdown } from "../../scoring/types";

/** The stored numbers of one Score row (fractions and counts, as in lib/scoring Metrics). */
export type ScoreValues = {
  recall: number;
  precision: number;
  f1: number;
  matchedReferenceBugs: number;
  referenceBugs: number;
  matchedFindings: number;
  findings: number;
};

/** A Score row as the readers of scores see it. */
export type ScoreRow = ScoreValues & { runId: string | null; kind: string; n: number; scope: string; key: string };

export function metricsOf(row: ScoreValues): Metrics {
  return {
    recall: row.recall,
    precision: row.precision,
    f1: row.f1,
    matched_reference_bugs: row.matchedReferenceBugs,
    reference_bugs: row.referenceBugs,
    matched_findings: row.matchedFindings,
    findings: row.findings,
  };
}

function breakdownOf(rows: ScoreRow[], languageOfRepo: Map<string, string>): ScoreBreakdown | undefined {
  const overall = rows.find((r) => r.scope === "overall");
  if (!overall) return undefined;
  return {
    overall: metricsOf(overall),
    languages: rows
      .filter((r) => r.scope === "language")
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((r) => ({ language: r.key, ...metricsOf(r) })),
    repositories: rows
      .filter((r) => r.scope === "repository")
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((r) => ({ repo: r.key, language: languageOfRepo.get(r.key) ?? "", ...metricsOf(r) })),
  };
}

/** The stored scores of a submission: the mean (equal to the run for one run), each run, and the n-of-k curve. */
export async function readScoreBreakdowns(submissionId: string) {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { benchmark: { select: { repositories: { select: { name: true, language: true } } } }, runs: { select: { id: true, index: true }, orderBy: { index: "asc" } } },
  });
  const languageOfRepo = new Map(submission.benchmark.repositories.map((r) => [r.name, r.language]));
  const rows = await db.score.findMany({ where: { submissionId } });
  const mean = breakdownOf(rows.filter((r) => r.kind === "mean"), languageOfRepo);
  const runs = submission.runs
    .map((run) => ({ run: run.index, ...breakdownOf(rows.filter((r) => r.kind === "run" && r.runId === run.id), languageOfRepo) }))
    .filter((r): r is { run: number } & ScoreBreakdown => r.overall !== undefined);
  const k = submission.runs.length;
  const curves = rows
    .filter((r) => r.kind === "curve" && r.scope === "overall")
    .sort((a, b) => a.n - b.n)
    .map((r) => ({ n: r.n, label: labelRunCurvePoint(r.n, k), ...metricsOf(r) }));
  return { mean, runs, curves };
}
