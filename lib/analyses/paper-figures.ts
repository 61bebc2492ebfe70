// The paper's single-number comparisons beyond its tables and figures, as pure functions (docs/analyses.md, "The
// paper's remaining figures"): §4.1's Pearson r between recall and findings, §C.2's Spearman ρ between a repository's
// bug count and its mean recall and Kendall's W of the configurations' repository rankings, §4.3's share of a run's
// findings that another run also reports, §2.2's precision ceiling and its extrapolation, §2.3's prefilter share.
// No I/O. The χ² tail comes from @stdlib (the declared gammainc); the sums are the textbook formulas.

import gammainc from "@stdlib/math-base-special-gammainc";
import { isFullBenchmarkConfiguration } from "./holm-family";

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Pearson's product-moment correlation; null with fewer than three pairs or a constant side. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error(`pearson: ${x.length} x values against ${y.length} y values`);
  if (x.length < 3) return null;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Ranks 1..n, ascending; tied values share the mean of their ranks. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) ranks[order[i]!.index] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's ρ: Pearson's r of the average ranks (exact with ties). */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error(`spearman: ${x.length} x values against ${y.length} y values`);
  return pearson(averageRanks(x), averageRanks(y));
}

export type KendallW = {
  /** Raters (rows) and objects ranked (columns). */
  raters: number;
  objects: number;
  w: number;
  /** Friedman's χ² = m (n - 1) W, with n - 1 degrees of freedom, and its upper tail. */
  chiSquared: number;
  degreesOfFreedom: number;
  p: number;
};

/**
 * Kendall's coefficient of concordance of m raters ranking the same n objects: each row of `scores` is one rater's
 * values (ranked within the row, ties sharing the mean rank), W = 12 S / (m² (n³ - n) - m Σ T), S the sum of squared
 * deviations of the objects' rank sums from their mean and T = Σ (t³ - t) over each row's ties. Null with fewer than
 * two raters or objects, or when every rater ties every object.
 */
export function kendallW(scores: readonly (readonly number[])[]): KendallW | null {
  const m = scores.length;
  const n = scores[0]?.length ?? 0;
  if (scores.some((row) => row.length !== n)) throw new Error("kendallW: every rater scores the same objects");
  if (m < 2 || n < 2) return null;
  const sums = new Array<number>(n).fill(0);
  let ties = 0;
  for (const row of scores) {
    const ranks = averageRanks(row);
    for (let j = 0; j < n; j++) sums[j]! += ranks[j]!;
    const counts = new Map<number, number>();
    for (const value of row) counts.set(value, (counts.get(value) ?? 0) + 1);
    for (const t of counts.values()) ties += t * t * t - t;
  }
  const meanSum = (m * (n + 1)) / 2;
  let s = 0;
  for (const sum of sums) s += (sum - meanSum) ** 2;
  const denominator = m * m * (n * n * n - n) - m * ties;
  if (denominator <= 0) return null;
  const w = (12 * s) / denominator;
  const chiSquared = m * (n - 1) * w;
  const degreesOfFreedom = n - 1;
  return {
    raters: m,
    objects: n,
    w,
    chiSquared,
    degreesOfFreedom,
    p: gammainc(chiSquared / 2, degreesOfFreedom / 2, true, true),
  };
}

/** A distinct finding of a repeated entry: the runs (0-based) reporting it. */
export type ReportingRuns = { runs: readonly number[] };

export type ShareReportedByAnotherRun = {
  /** Per run: of its distinct findings, the share that at least one other run reports too; null without findings. */
  perRun: (number | null)[];
  /** Mean over the runs with findings (§4.3: 63% for Muse Spark 1.3, 57% for GPT-5.6 Luna). */
  mean: number | null;
};

/**
 * §4.3: "only 63% and 57% of findings in a run are also reported by another run". Over the distinct findings (the
 * groups of one root cause across all k runs), run i's findings are the groups it reports; the share is those that
 * another run reports too. A group's runs may repeat (two reports of one run); they count once.
 */
export function shareReportedByAnotherRun(groups: readonly ReportingRuns[], k: number): ShareReportedByAnotherRun {
  const own = new Array<number>(k).fill(0);
  const shared = new Array<number>(k).fill(0);
  for (const group of groups) {
    const runs = new Set(group.runs);
    for (const run of runs) {
      if (run < 0 || run >= k) throw new Error(`a group names run ${run} of ${k}`);
      own[run]! += 1;
      if (runs.size > 1) shared[run]! += 1;
    }
  }
  const perRun = own.map((count, run) => (count === 0 ? null : shared[run]! / count));
  const known = perRun.filter((share): share is number => share !== null);
  return { perRun, mean: known.length === 0 ? null : mean(known) };
}

/** One family's expected bugs fixed within a horizon (Table 9). */
export type HorizonPool = { family: string; years: number; bugs: number };

export type PrecisionCeiling = {
  /** Reference bugs over the largest and the smallest pool: a perfect finder's precision against the reference set. */
  low: number;
  high: number;
  lowPool: HorizonPool;
  highPool: HorizonPool;
};

/**
 * §2.2: a finder that reports exactly the bugs maintainers would fix within a horizon scores reference bugs / pool
 * precision on the reference set. Over the given families and horizons (the paper: 2,457 / 9,389 = 26% to
 * 2,457 / 5,195 = 47%, lognormal at ten years and exponential at five). Null without a pool.
 */
export function precisionCeiling(referenceBugs: number, pools: readonly HorizonPool[]): PrecisionCeiling | null {
  const usable = pools.filter((pool) => Number.isFinite(pool.bugs) && pool.bugs > 0);
  if (usable.length === 0 || referenceBugs <= 0) return null;
  const largest = usable.reduce((a, b) => (b.bugs > a.bugs ? b : a));
  const smallest = usable.reduce((a, b) => (b.bugs < a.bugs ? b : a));
  return {
    low: Math.min(1, referenceBugs / largest.bugs),
    high: Math.min(1, referenceBugs / smallest.bugs),
    lowPool: largest,
    highPool: smallest,
  };
}

/**
 * §4.3's extrapolation: with no preference for earlier- or later-fixed bugs, the share of findings that match a
 * reference bug grows with the pool, precision x pool / reference bugs (capped at 1). The paper: about 7% to the
 * ten-year pools (7,197 to 9,389 bugs) gives 21-27%.
 */
export function extrapolatedPrecision(precision: number, referenceBugs: number, pool: number): number {
  if (!(referenceBugs > 0)) throw new Error("extrapolatedPrecision: no reference bugs");
  return Math.min(1, (precision * pool) / referenceBugs);
}

/** §2.3: the share of within-repository pairs the rule-based prefilter sends on to the judge (the paper: 2.7%). */
export function retainedShare(kept: number, compared: number): number | null {
  if (kept < 0 || compared < 0 || kept > compared) throw new Error(`retainedShare: ${kept} kept of ${compared}`);
  return compared === 0 ? null : kept / compared;
}

/** One entry of the board, as the version's leaderboard data holds it (ratios in 0..1). */
export type BoardEntry = {
  id: string;
  label: string;
  source: "reported" | "upload" | "in_house";
  harness: string | null;
  /** "full" or a repository subset's key. */
  coverage: string;
  recall: number | null;
  /** Reported findings (a repeated entry: the mean over its runs, as Table 3). */
  findings: number | null;
  repositories: Readonly<Record<string, { recall: number | null; precision: number | null }>>;
};

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

export type BoardFigures = {
  /** The entries compared: Table 3's kind (the full harness on the whole benchmark). */
  entries: { id: string; label: string }[];
  /** §4.1: Pearson r between recall and reported findings over the entries with both (the paper: 0.94). */
  recallFindings: { r: number | null; n: number };
  /** §C.2: Spearman ρ between a repository's reference bugs and its mean recall over the entries (the paper: -0.27). */
  bugsRecall: { rho: number | null; n: number };
  /** §C.2: Kendall's W of the entries' rankings of the repositories they all cover (the paper: 0.75 and 0.92). */
  recallConcordance: KendallW | null;
  precisionConcordance: KendallW | null;
  /** The repositories the concordance ranks: those every entry with per-repository cells has a cell for. */
  concordanceRepositories: string[];
  concordanceEntries: number;
};

/**
 * §4.1 and §C.2 over a version's board: Table 3's kind of entry (the full harness on every repository; other
 * harnesses and subsets stay out, as the paper's Table 3 and Tables 12-13's Mean column leave them out). ρ pairs each
 * repository's reference bugs with its mean recall over the entries that have the cell; W ranks, per entry (a rater),
 * the repositories that every entry with per-repository cells has a cell for, by recall and by precision.
 */
export function boardFigures(
  entries: readonly BoardEntry[],
  repositories: readonly { name: string; bugs: number | null }[],
): BoardFigures {
  const table3 = entries.filter(
    (e) => e.coverage === "full" && isFullBenchmarkConfiguration({ source: e.source, harness: e.harness }),
  );
  const withBoth = table3.filter((e) => known(e.recall) && known(e.findings));
  const meanRecall = (repo: string) => {
    const values = table3.map((e) => e.repositories[repo]?.recall).filter(known);
    return values.length === 0 ? null : mean(values);
  };
  const paired = repositories
    .map((r) => ({ bugs: r.bugs, recall: meanRecall(r.name) }))
    .filter((p): p is { bugs: number; recall: number } => known(p.bugs) && known(p.recall));
  const raters = table3.filter((e) => Object.keys(e.repositories).length > 0);
  const common = repositories
    .map((r) => r.name)
    .filter((name) =>
      raters.every((e) => known(e.repositories[name]?.recall) && known(e.repositories[name]?.precision)),
    );
  const matrix = (pick: "recall" | "precision") =>
    raters.map((e) => common.map((name) => e.repositories[name]![pick]!));
  return {
    entries: table3.map((e) => ({ id: e.id, label: e.label })),
    recallFindings: {
      r: pearson(
        withBoth.map((e) => e.recall!),
        withBoth.map((e) => e.findings!),
      ),
      n: withBoth.length,
    },
    bugsRecall: {
      rho: spearman(
        paired.map((p) => p.bugs),
        paired.map((p) => p.recall),
      ),
      n: paired.length,
    },
    recallConcordance: common.length >= 2 ? kendallW(matrix("recall")) : null,
    precisionConcordance: common.length >= 2 ? kendallW(matrix("precision")) : null,
    concordanceRepositories: common,
    concordanceEntries: raters.length,
  };
}
