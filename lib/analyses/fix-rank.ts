// §C.4, Table 16: the fix-rank contamination test. A model that saw some of the fixes in training would match the
// bugs fixed before its cut-off more often than the others; within each repository the matched bugs would then lean
// towards early (or late) fix ranks. The statistic compares the matched bugs' normalised fix ranks with what a
// uniformly random subset of the same size per repository would give (a repository-weighted null), and the p-value
// comes from within-repository label permutations. Pure: no I/O.

import { createSeededRandom } from "../scoring/seeded-random";

/** A reference bug with a fix date (epoch milliseconds); bugs without one are left out of the ranking. */
export type DatedBug = { id: string; repo: string; fixedAt: number };

/** Normalised fix ranks of one benchmark version: per repository, u of each bug. */
export type FixRanks = Map<string, { ids: string[]; u: Float64Array }>;

/**
 * Within-repository permutations per run. §C.4 names the permutations but not their number: 10,000 is this product's
 * choice (a p of 0.00756, Table 16's smallest, is then resolved to about 1e-4).
 */
export const DEFAULT_PERMUTATIONS = 10_000;
export const DEFAULT_PERMUTATION_SEED = 20_260_301;

/**
 * Within each repository, ranks bugs by fix time (1 = earliest; tied times share the mean of their ranks) and
 * normalises: u = (rank - 0.5) / n_repo, so the ranks of a repository spread evenly over (0, 1).
 */
export function normaliseFixRanks(bugs: readonly DatedBug[]): FixRanks {
  const byRepo = new Map<string, DatedBug[]>();
  for (const bug of bugs) {
    const list = byRepo.get(bug.repo) ?? [];
    list.push(bug);
    byRepo.set(bug.repo, list);
  }
  const ranks: FixRanks = new Map();
  for (const [repo, list] of byRepo) {
    const sorted = [...list].sort((a, b) => a.fixedAt - b.fixedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const n = sorted.length;
    const u = new Float64Array(n);
    for (let start = 0; start < n;) {
      let end = start;
      while (end + 1 < n && sorted[end + 1]!.fixedAt === sorted[start]!.fixedAt) end++;
      // 1-based ranks start+1 .. end+1 share their mean.
      const meanRank = (start + 1 + end + 1) / 2;
      for (let i = start; i <= end; i++) u[i] = (meanRank - 0.5) / n;
      start = end + 1;
    }
    ranks.set(repo, { ids: sorted.map((b) => b.id), u });
  }
  return ranks;
}

/** One point of the two CDFs: the observed share of matched bugs with u <= x, and the null's expected share. */
export type CdfPoint = { x: number; observed: number; expected: number };

/**
 * The precomputed shape of one run's test: the distinct u values of the repositories involved (the grid where both
 * step functions can jump), the null CDF there, and per repository the grid index of each bug.
 */
type TestSetup = {
  grid: Float64Array;
  expected: Float64Array;
  repos: { gridIndex: Int32Array; m: number }[];
  observedGridIndex: Int32Array;
  matched: number;
};

function setUp(ranks: FixRanks, matchedIds: ReadonlySet<string>): TestSetup {
  const involved: { u: Float64Array; matchedU: number[] }[] = [];
  for (const { ids, u } of ranks.values()) {
    const matchedU: number[] = [];
    for (let i = 0; i < ids.length; i++) if (matchedIds.has(ids[i]!)) matchedU.push(u[i]!);
    if (matchedU.length > 0) involved.push({ u, matchedU });
  }
  const all = new Set<number>();
  for (const repo of involved) for (const value of repo.u) all.add(value);
  const grid = Float64Array.from([...all].sort((a, b) => a - b));
  const indexOf = new Map<number, number>();
  grid.forEach((value, i) => indexOf.set(value, i));
  const matched = involved.reduce((sum, r) => sum + r.matchedU.length, 0);

  // F0 jumps at each bug of repository r by (m_r / M) / n_r.
  const expectedJumps = new Float64Array(grid.length);
  const repos = involved.map((repo) => {
    const gridIndex = Int32Array.from(repo.u, (value) => indexOf.get(value)!);
    const weight = repo.matchedU.length / matched / repo.u.length;
    for (const g of gridIndex) expectedJumps[g]! += weight;
    return { gridIndex, m: repo.matchedU.length };
  });
  const expected = new Float64Array(grid.length);
  let running = 0;
  for (let g = 0; g < grid.length; g++) expected[g] = running += expectedJumps[g]!;
  const observedGridIndex = Int32Array.from(involved.flatMap((r) => r.matchedU.map((value) => indexOf.get(value)!)));
  return { grid, expected, repos, observedGridIndex, matched };
}

/** D of a sample given as grid-index counts: the largest gap between the two CDFs at any grid point. */
function statisticOfCounts(counts: Int32Array, expected: Float64Array, matched: number): { d: number; at: number } {
  let cumulative = 0;
  let d = 0;
  let at = 0;
  for (let g = 0; g < counts.length; g++) {
    cumulative += counts[g]!;
    const gap = Math.abs(cumulative / matched - expected[g]!);
    // The first point of the largest gap: a later gap equal up to rounding does not move it.
    if (gap > d + 1e-12) at = g;
    if (gap > d) d = gap;
  }
  return { d, at };
}

/**
 * D = max |F(x) - F0(x)| for the matched bugs of one run. Both CDFs are right-continuous steps that can only jump at
 * a u of an involved repository, so the supremum is attained at one of those points.
 */
export function fixRankStatistic(
  ranks: FixRanks,
  matchedIds: ReadonlySet<string>,
): { d: number; at: number; matched: number; cdf: CdfPoint[] } {
  const setup = setUp(ranks, matchedIds);
  if (setup.matched === 0) return { d: 0, at: 0, matched: 0, cdf: [] };
  const counts = new Int32Array(setup.grid.length);
  for (const g of setup.observedGridIndex) counts[g]!++;
  const { d, at } = statisticOfCounts(counts, setup.expected, setup.matched);
  return { d, at: setup.grid[at]!, matched: setup.matched, cdf: sampleCdf(setup, counts, setup.grid[at]!) };
}

/** Both CDFs on x = 0, 0.01, ..., 1 plus the point of D: enough for a chart and a table, exact at every x shown. */
function sampleCdf(setup: TestSetup, counts: Int32Array, dAt: number): CdfPoint[] {
  const cumulative = new Float64Array(setup.grid.length);
  let running = 0;
  for (let g = 0; g < counts.length; g++) cumulative[g] = running += counts[g]!;
  const xs = new Set<number>([dAt]);
  for (let i = 0; i <= 100; i++) xs.add(i / 100);
  const sorted = [...xs].sort((a, b) => a - b);
  const points: CdfPoint[] = [];
  let g = -1;
  for (const x of sorted) {
    while (g + 1 < setup.grid.length && setup.grid[g + 1]! <= x + 1e-12) g++;
    points.push({ x, observed: g < 0 ? 0 : cumulative[g]! / setup.matched, expected: g < 0 ? 0 : setup.expected[g]! });
  }
  return points;
}

export type FixRankTest = {
  d: number;
  /** The u where the gap is largest. */
  at: number;
  p: number;
  matched: number;
  permutations: number;
  seed: number;
  cdf: CdfPoint[];
};

/**
 * The permutation test: draws m_r bugs of each involved repository uniformly without replacement (a partial
 * Fisher-Yates shuffle, undone after each draw so no copy is made), recomputes D, and returns
 * p = (1 + #{D_perm >= D}) / (1 + N). Seeded, so the same inputs always give the same p.
 */
export function fixRankPermutationTest(
  ranks: FixRanks,
  matchedIds: ReadonlySet<string>,
  options: { permutations?: number; seed?: number } = {},
): FixRankTest {
  const permutations = options.permutations ?? DEFAULT_PERMUTATIONS;
  const seed = options.seed ?? DEFAULT_PERMUTATION_SEED;
  const observed = fixRankStatistic(ranks, matchedIds);
  if (observed.matched === 0) return { ...observed, p: 1, permutations, seed };
  const setup = setUp(ranks, matchedIds);
  const random = createSeededRandom(seed);
  const counts = new Int32Array(setup.grid.length);
  const swaps = new Int32Array(Math.max(...setup.repos.map((r) => r.m)));
  // The permutation loop compares counts with M * F0 (no division per grid point). Floating sums of the same terms in
  // another order can differ in the last bits: a tie with D counts as >= D.
  const scaledExpected = setup.expected.map((e) => e * setup.matched);
  const threshold = observed.d * setup.matched - 1e-9;
  let atLeast = 0;
  for (let k = 0; k < permutations; k++) {
    counts.fill(0);
    for (const repo of setup.repos) {
      const pool = repo.gridIndex;
      const n = pool.length;
      for (let i = 0; i < repo.m; i++) {
        const j = i + Math.floor(random() * (n - i));
        swaps[i] = j;
        const chosen = pool[j]!;
        pool[j] = pool[i]!;
        pool[i] = chosen;
        counts[chosen]!++;
      }
      for (let i = repo.m - 1; i >= 0; i--) {
        const j = swaps[i]!;
        const tmp = pool[j]!;
        pool[j] = pool[i]!;
        pool[i] = tmp;
      }
    }
    let cumulative = 0;
    let reached = false;
    for (let g = 0; g < counts.length; g++) {
      cumulative += counts[g]!;
      const gap = cumulative - scaledExpected[g]!;
      if (gap >= threshold || -gap >= threshold) {
        reached = true;
        break;
      }
    }
    if (reached) atLeast++;
  }
  return { ...observed, p: (1 + atLeast) / (1 + permutations), permutations, seed };
}

/**
 * Holm's step-down adjustment: the i-th smallest of m p-values is multiplied by (m - i + 1), made monotone, capped
 * at 1. Returned in the input order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** Where a knowledge cut-off falls against the reference window (earliest to latest fix, §C.4). */
export type CutoffPosition = "inside" | "before" | "after" | "unknown";

/**
 * A cut-off of `YYYY-MM` covers that whole month. The test can reveal contamination only when the cut-off falls
 * inside the window: before it, the model cannot have seen any fix; after it, it may have seen them all alike.
 */
export function cutoffPosition(
  cutoff: string | null | undefined,
  window: { from: number; to: number } | null,
): CutoffPosition {
  if (!cutoff || !window) return "unknown";
  const range = cutoffRange(cutoff);
  if (!range) return "unknown";
  if (range.end < window.from) return "before";
  if (range.start > window.to) return "after";
  return "inside";
}

/** The last millisecond a `YYYY-MM` or `YYYY-MM-DD` cut-off covers (UTC), or null if malformed. */
export function cutoffEnd(cutoff: string): number | null {
  return cutoffRange(cutoff)?.end ?? null;
}

/** The first and last millisecond a `YYYY-MM` or `YYYY-MM-DD` cut-off covers (UTC), or null if malformed. */
function cutoffRange(cutoff: string): { start: number; end: number } | null {
  const month = /^(\d{4})-(\d{2})$/.exec(cutoff);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    if (m < 1 || m > 12) return null;
    return { start: Date.UTC(y, m - 1, 1), end: Date.UTC(y, m, 1) - 1 };
  }
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cutoff);
  if (!day) return null;
  const start = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  if (new Date(start).toISOString().slice(0, 10) !== cutoff) return null;
  return { start, end: start + 86_400_000 - 1 };
}
