import { computeRunCurves, componentsOfSet } from "../../../lib/scoring/components";
import type { DerivedMatch } from "../../../lib/scoring/matches";
import { computeScoreBreakdown, meanScoreBreakdown } from "../../../lib/scoring/metrics";
import {
  distinctFindingsByRun,
  frequencySpectrum,
  summarizeComponents,
  type SpectrumPoint,
} from "../../../lib/scoring/spectrum";
import type { ScoreBreakdown } from "../../../lib/scoring/types";
import type { LoadedFinding } from "./load-scoring-input";
import type { ScoringInput, Yield } from "./scoring-types";

/** Scores: per run, the mean over runs, and the n-of-k curve over the cross-run components. */
export async function computeScores(
  input: ScoringInput,
  findings: LoadedFinding[],
  findingIndex: Map<string, number>,
  matches: DerivedMatch[],
  set: Parameters<typeof componentsOfSet>[1],
  maybeYield: Yield,
) {
  const { submission, reference, runs } = input;
  const repositories = submission.benchmark.repositories.map((r) => ({ name: r.name, language: r.language }));
  const referenceBugs = reference.refs.map((r) => ({ id: r.id, repo: r.repo }));
  // Each step below is tens of milliseconds at the paper's largest shapes: the loop is handed back between them.
  const matchesByRun = runs.map(() => [] as DerivedMatch[]);
  for (const m of matches) matchesByRun[findings[findingIndex.get(m.findingId)!]!.runIndex]!.push(m);
  const runScores: ScoreBreakdown[] = [];
  for (const [index, run] of runs.entries()) {
    await maybeYield();
    runScores.push(
      computeScoreBreakdown({
        repositories,
        referenceBugs,
        findings: run.findings.map((f) => ({ id: f.id, repo: f.repo })),
        matches: matchesByRun[index]!,
      }),
    );
  }
  const mean = meanScoreBreakdown(runScores);
  // Repeated runs: the curve counts distinct findings (components), each run has its distinct-finding count next to
  // its reported findings, and the frequency spectrum with the accumulated union (§E.2, Table 22).
  let curves: ReturnType<typeof computeRunCurves> = [];
  let distinctByRun: { distinct: number; matched: number }[] = [];
  let spectrum: SpectrumPoint[] = [];
  if (runs.length > 1) {
    await maybeYield();
    const { components, componentOf } = componentsOfSet(findings, set);
    await maybeYield();
    curves = computeRunCurves({
      runCount: runs.length,
      components,
      componentOf,
      referenceBugCount: reference.refs.length,
      matches,
    });
    await maybeYield();
    const summaries = summarizeComponents(components, componentOf, matches);
    await maybeYield();
    distinctByRun = distinctFindingsByRun(runs.length, summaries);
    spectrum = frequencySpectrum(runs.length, summaries);
  }
  const meanOf = (pick: (d: { distinct: number; matched: number }) => number) =>
    distinctByRun.reduce((sum, d) => sum + pick(d), 0) / Math.max(distinctByRun.length, 1);
  const meanDistinct =
    distinctByRun.length > 0 ? { distinct: meanOf((d) => d.distinct), matched: meanOf((d) => d.matched) } : undefined;
  return { runScores, mean, curves, distinctByRun, spectrum, meanDistinct };
}
