// Figure 7 of the paper: within each bug type, how much repeated runs of one configuration overlap with one another
// against how much they overlap with the human reference set ("comparing recall within each type, repeated runs
// overlap with each other a median of 6.3 times more than with the human reference set"). Within category c, with
// R_i the reference bugs of c that run i finds and n_c the reference bugs of c:
//
//   recall against the reference set: |R_i| / n_c, averaged over runs;
//   overlap between runs: |R_i ∩ R_j| / |R_i|, the recall of run j measured against run i's bugs, averaged over the
//   ordered pairs i != j with R_i non-empty;
//   ratio: overlap / recall (1 if runs picked their bugs of c independently at random).
//
// The median ratio is over the categories that have one. Runs are compared on the reference bugs they match, the
// only findings whose identity across runs and with the reference set is stored. Pure: no I/O.

type CategoryOverlapRow = {
  category: string;
  referenceBugs: number;
  /** Mean over runs of the reference bugs of the category found. */
  meanFound: number;
  /** Mean recall within the category against the reference set. */
  referenceRecall: number;
  /** Mean over ordered pairs of runs of |R_i ∩ R_j| / |R_i|; null when no run found a bug of the category. */
  runOverlap: number | null;
  /** Ordered pairs of runs the overlap averages. */
  pairs: number;
  /** runOverlap / referenceRecall; null without an overlap. */
  ratio: number | null;
};

export type CategoryOverlap = { rows: CategoryOverlapRow[]; medianRatio: number | null };

/** The median of a non-empty list (mean of the two middle values for an even count); null for an empty one. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * `found[i]`: the reference bug ids run i matched; `categoryOf`: each reference bug's category (bugs without one are
 * left out, as are found ids it does not list). Rows in category name order (code-unit order).
 */
export function categoryOverlap(
  found: readonly ReadonlySet<string>[],
  categoryOf: ReadonlyMap<string, string>,
): CategoryOverlap {
  if (found.length < 2) throw new Error(`category overlap needs at least two runs, got ${found.length}`);
  const sizes = new Map<string, number>();
  for (const category of categoryOf.values()) sizes.set(category, (sizes.get(category) ?? 0) + 1);
  const byRun = found.map((ids) => {
    const split = new Map<string, Set<string>>();
    for (const id of ids) {
      const category = categoryOf.get(id);
      if (category === undefined) continue;
      const set = split.get(category) ?? new Set<string>();
      set.add(id);
      split.set(category, set);
    }
    return split;
  });
  const rows: CategoryOverlapRow[] = [...sizes.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((category) => {
      const n = sizes.get(category)!;
      const sets = byRun.map((split) => split.get(category) ?? new Set<string>());
      const meanFound = sets.reduce((sum, s) => sum + s.size, 0) / sets.length;
      const { runOverlap, pairs } = meanPairOverlap(sets);
      const referenceRecall = meanFound / n;
      return {
        category,
        referenceBugs: n,
        meanFound,
        referenceRecall,
        runOverlap,
        pairs,
        ratio: runOverlap !== null && referenceRecall > 0 ? runOverlap / referenceRecall : null,
      };
    });
  return {
    rows,
    medianRatio: median(rows.flatMap((r) => (r.ratio === null ? [] : [r.ratio]))),
  };
}

/**
 * |S_i ∩ S_j| / |S_i| averaged over the ordered pairs of runs i != j with S_i non-empty (S_i: what run i found of one
 * category); null when no run found any.
 */
function meanPairOverlap<T>(sets: readonly ReadonlySet<T>[]): { runOverlap: number | null; pairs: number } {
  let sum = 0;
  let pairs = 0;
  sets.forEach((a, i) => {
    if (a.size === 0) return;
    sets.forEach((b, j) => {
      if (i === j) return;
      let shared = 0;
      for (const id of a) if (b.has(id)) shared += 1;
      sum += shared / a.size;
      pairs += 1;
    });
  });
  return { runOverlap: pairs > 0 ? sum / pairs : null, pairs };
}

/** A distinct finding of all k runs (one root cause across runs) with its bug type; null: not labelled. */
export type TypedGroup = { runs: readonly number[]; category: string | null };

/**
 * Figure 7 over every distinct finding, not only the matched ones: within category c, G_i the distinct findings of c
 * that run i reports, the overlap between runs is |G_i ∩ G_j| / |G_i| over the ordered pairs i != j with G_i
 * non-empty: the recall of run j measured against everything run i found of that type, the paper's "comparing recall
 * within each type". Rows in category name order, with the ordered pairs averaged; groups without a category are
 * counted apart. The ratio to the reference set's recall is the caller's (categoryOverlap's referenceRecall).
 */
export function groupRunOverlap(
  groups: readonly TypedGroup[],
  k: number,
): { rows: { category: string; groups: number; runOverlap: number | null; pairs: number }[]; unlabelled: number } {
  if (k < 2) throw new Error(`run overlap needs at least two runs, got ${k}`);
  const byCategory = new Map<string, Set<number>[]>();
  let unlabelled = 0;
  groups.forEach((group, index) => {
    if (group.category === null) {
      unlabelled += 1;
      return;
    }
    const perRun = byCategory.get(group.category) ?? Array.from({ length: k }, () => new Set<number>());
    for (const run of group.runs) {
      if (run < 0 || run >= k) throw new Error(`a group names run ${run} of ${k}`);
      perRun[run]!.add(index);
    }
    byCategory.set(group.category, perRun);
  });
  const rows = [...byCategory.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((category) => {
      const sets = byCategory.get(category)!;
      const all = new Set<number>();
      for (const s of sets) for (const id of s) all.add(id);
      return { category, groups: all.size, ...meanPairOverlap(sets) };
    });
  return { rows, unlabelled };
}

/** A distinct finding's type: the label most of its findings carry (ties: the first name); null when none has one. */
export function groupCategory(findingIds: readonly string[], labelOf: ReadonlyMap<string, string>): string | null {
  const counts = new Map<string, number>();
  for (const id of findingIds) {
    const label = labelOf.get(id);
    if (label !== undefined) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [label, n] of counts) {
    const top = best === null ? 0 : counts.get(best)!;
    if (n > top || (n === top && best !== null && label < best)) best = label;
  }
  return best;
}

export type DistinctFindingOverlapRow = {
  category: string;
  groups: number;
  runOverlap: number | null;
  pairs: number;
  /** The runs' mean recall of the category's reference bugs (categoryOverlap's); null when the category has none. */
  referenceRecall: number | null;
  ratio: number | null;
};

/**
 * Figure 7 over every distinct finding: groupRunOverlap's overlap between runs per type, over the reference set's
 * recall of that type (from categoryOverlap on the same labels), and the median ratio over the types with one.
 */
export function distinctFindingOverlap(
  groups: readonly TypedGroup[],
  k: number,
  referenceRecall: ReadonlyMap<string, number>,
): { rows: DistinctFindingOverlapRow[]; medianRatio: number | null; unlabelled: number } {
  const { rows, unlabelled } = groupRunOverlap(groups, k);
  const withRatio = rows.map((row) => {
    const recall = referenceRecall.get(row.category) ?? null;
    return {
      ...row,
      referenceRecall: recall,
      ratio: row.runOverlap !== null && recall !== null && recall > 0 ? row.runOverlap / recall : null,
    };
  });
  return {
    rows: withRatio,
    medianRatio: median(withRatio.flatMap((r) => (r.ratio === null ? [] : [r.ratio]))),
    unlabelled,
  };
}
