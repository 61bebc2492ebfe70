// Figure 9's faint curves: the union / at-least-n / intersection curve of a subset S of a repeated entry's runs. The
// distinct findings are the groups of all k runs (one root cause, merged within and across runs, as scoring stored
// them); a group counts for S when a run of S reported it, and is kept at n when at least n runs of S reported it. Its
// reference bugs are its group's, as on the main curve. The curve of S is then the main curve's computation
// (curveOfGroups) over the restricted groups, so S = all runs gives the main curve back. Pure: no I/O.

import { curveOfGroups, type RunCurvePoint } from "../scoring/components";
import { createSeededRandom } from "../scoring/seeded-random";
import { frequencySpectrum, type SpectrumPoint } from "../scoring/spectrum";

/** A distinct finding of all k runs: the runs reporting it (0-based) and the reference bugs its group matches. */
export type RunGroup = { runs: readonly number[]; references: readonly string[] };

/** All subsets of sizes 2..k-1 are drawn while there are at most this many (k <= 6). */
const ALL_SUBSETS_UP_TO = 60;
/** Beyond that, this many distinct subsets of each size (all of a size that has no more). */
const SAMPLE_PER_SIZE = 10;
/** The sample's fixed seed (Figure 9), so a page, the API and the CSV show the same subsets every time. */
export const SUBSET_SEED = 9;

/** The curve of the runs in `subset` (0-based, distinct), one point per n = 1..|subset|. */
export function subsetCurve(
  groups: readonly RunGroup[],
  subset: readonly number[],
  referenceBugCount: number,
): RunCurvePoint[] {
  if (new Set(subset).size !== subset.length || subset.length === 0)
    throw new Error("a subset lists distinct runs, at least one");
  // Membership by run index: asked for every group of every subset (80 subsets of thousands of groups at ten runs).
  const inSubset = new Uint8Array(Math.max(...subset) + 1);
  for (const run of subset) inSubset[run] = 1;
  return curveOfGroups(
    subset.length,
    groups.map((group) => {
      let reportedIn = 0;
      for (const run of group.runs) reportedIn += inSubset[run] ?? 0;
      return { reportedIn, references: group.references };
    }),
    referenceBugCount,
  );
}

function binomial(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return Math.round(value);
}

/** Every subset of `size` runs out of k, ascending, in lexicographic order. */
function allSubsets(k: number, size: number): number[][] {
  const subsets: number[][] = [];
  const pick = (from: number, chosen: number[]) => {
    if (chosen.length === size) return void subsets.push([...chosen]);
    for (let run = from; run <= k - (size - chosen.length); run++) pick(run + 1, [...chosen, run]);
  };
  pick(0, []);
  return subsets;
}

/** Figure 9: "the faint curves use only the first two or five runs". */
const PAPER_PREFIX_SIZES = [2, 5];

/** Whether a subset is one of the paper's own: the first two or the first five runs. */
export function isPaperPrefix(runs: readonly number[]): boolean {
  return PAPER_PREFIX_SIZES.includes(runs.length) && runs.every((run, i) => run === i);
}

/**
 * The subsets whose curves are drawn: every subset of 2..k-1 runs while there are at most 60 (up to six runs),
 * otherwise SAMPLE_PER_SIZE distinct subsets of each size: the paper's prefix where the size is one of its (runs 1-2,
 * runs 1-5), the others drawn with a generator seeded with SUBSET_SEED (all of a size with no more than that, such as
 * the k subsets of k - 1 runs at k <= 10). Ordered by size, then by runs.
 */
export function chooseRunSubsets(runCount: number): { subsets: number[][]; sampled: boolean } {
  let total = 0;
  for (let size = 2; size < runCount; size++) total += binomial(runCount, size);
  const sampled = total > ALL_SUBSETS_UP_TO;
  const random = createSeededRandom(SUBSET_SEED);
  const subsets: number[][] = [];
  for (let size = 2; size < runCount; size++) {
    if (!sampled || binomial(runCount, size) <= SAMPLE_PER_SIZE) {
      subsets.push(...allSubsets(runCount, size));
      continue;
    }
    const drawn = new Map<string, number[]>();
    if (PAPER_PREFIX_SIZES.includes(size)) {
      const prefix = Array.from({ length: size }, (_, i) => i);
      drawn.set(prefix.join(","), prefix);
    }
    while (drawn.size < SAMPLE_PER_SIZE) {
      // A partial Fisher-Yates shuffle: the first `size` places are a uniform draw of `size` runs.
      const runs = Array.from({ length: runCount }, (_, i) => i);
      for (let i = 0; i < size; i++) {
        const j = i + Math.floor(random() * (runCount - i));
        [runs[i], runs[j]] = [runs[j]!, runs[i]!];
      }
      const subset = runs.slice(0, size).sort((a, b) => a - b);
      drawn.set(subset.join(","), subset);
    }
    subsets.push(...[...drawn.values()].sort(compareRuns));
  }
  return { subsets, sampled };
}

function compareRuns(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** A stored curve point's counts (null where a stored row has none). */
type StoredCounts = {
  n: number;
  findings: number | null;
  matched_findings: number | null;
  matched_reference_bugs: number | null;
};

/**
 * Whether the groups reproduce what scoring stored for all k runs: each curve point's distinct findings, matched
 * distinct findings and matched reference bugs, and the frequency spectrum with the accumulated union. Null when
 * they do, otherwise the first difference in words.
 */
export function fullSetDifference(
  groups: readonly RunGroup[],
  runCount: number,
  referenceBugCount: number,
  stored: { curve: readonly StoredCounts[]; spectrum: readonly SpectrumPoint[] },
): string | null {
  const curve = subsetCurve(
    groups,
    Array.from({ length: runCount }, (_, i) => i),
    referenceBugCount,
  );
  const fields = ["findings", "matched_findings", "matched_reference_bugs"] as const;
  if (stored.curve.length !== runCount) return `the stored curve has ${stored.curve.length} points, not ${runCount}`;
  for (const point of curve) {
    const kept = stored.curve.find((p) => p.n === point.n);
    for (const field of fields)
      if (kept?.[field] !== point[field])
        return `at n = ${point.n} the stored curve has ${kept?.[field] ?? "no"} ${field.replaceAll("_", " ")}, the rebuilt groups ${point[field]}`;
  }
  const spectrum = frequencySpectrum(
    runCount,
    groups.map((g) => ({ runs: g.runs, matched: g.references.length > 0 })),
  );
  const columns = ["exactly_matched", "exactly_unmatched", "union_matched", "union_unmatched"] as const;
  if (stored.spectrum.length !== runCount)
    return `the stored spectrum has ${stored.spectrum.length} rows, not ${runCount}`;
  for (const point of spectrum) {
    const kept = stored.spectrum.find((p) => p.n === point.n);
    for (const column of columns)
      if (kept?.[column] !== point[column])
        return `at n = ${point.n} the stored spectrum has ${kept?.[column] ?? "no"} ${column.replace("_", " ")}, the rebuilt groups ${point[column]}`;
  }
  return null;
}
