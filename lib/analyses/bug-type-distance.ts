// §4.2, Figure 6: how far apart two bug-type distributions are, as the Jensen-Shannon distance (base 2, so it lies
// in [0, 1]; the square root of the divergence, so it is a metric). No smoothing: a category absent from both
// distributions is left out, one present in only one contributes through the mixture. Pure: no I/O.

/** Counts per category name; categories may be missing (count 0). */
export type CategoryCounts = Readonly<Record<string, number>>;

/** The Jensen-Shannon distance of two count vectors over the union of their categories; null when either is empty. */
export function jensenShannonDistance(
  left: CategoryCounts,
  right: CategoryCounts,
  categories?: readonly string[],
): number | null {
  const names = (categories ?? [...new Set([...Object.keys(left), ...Object.keys(right)])]).filter(
    (c) => (left[c] ?? 0) > 0 || (right[c] ?? 0) > 0,
  );
  const totalLeft = names.reduce((sum, c) => sum + (left[c] ?? 0), 0);
  const totalRight = names.reduce((sum, c) => sum + (right[c] ?? 0), 0);
  if (totalLeft <= 0 || totalRight <= 0) return null;
  let divergence = 0;
  for (const c of names) {
    const p = (left[c] ?? 0) / totalLeft;
    const q = (right[c] ?? 0) / totalRight;
    const m = (p + q) / 2;
    if (p > 0) divergence += 0.5 * p * Math.log2(p / m);
    if (q > 0) divergence += 0.5 * q * Math.log2(q / m);
  }
  // Rounding can leave a hair below 0 for identical distributions.
  return Math.sqrt(Math.min(1, Math.max(0, divergence)));
}

export type DistanceSubject = { key: string; label: string; counts: CategoryCounts };

/** Every pairwise distance of the subjects, as a symmetric matrix in their order (diagonal 0). */
export function distanceMatrix(
  subjects: readonly DistanceSubject[],
  categories?: readonly string[],
): (number | null)[][] {
  return subjects.map((a, i) =>
    subjects.map((b, j) => (i === j ? 0 : jensenShannonDistance(a.counts, b.counts, categories))),
  );
}

/** The spread of a set of distances: how many, their mean, smallest and largest. */
export type DistanceSummary = { n: number; mean: number; min: number; max: number };

/** Mean, min and max of the distances that exist (null entries are left out); null when none does. */
export function summariseDistances(values: readonly (number | null)[]): DistanceSummary | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return {
    n: known.length,
    mean: known.reduce((sum, v) => sum + v, 0) / known.length,
    min: Math.min(...known),
    max: Math.max(...known),
  };
}

/**
 * Figure 6 over repeated runs of one configuration: the distances of each run to the configuration's other runs
 * (every unordered pair once) and of the reference set to each run. A run whose distribution is empty has no
 * distance and is left out; a configuration with one run has no run-to-run distance.
 */
export function runDistances(
  reference: CategoryCounts | null,
  runs: readonly CategoryCounts[],
  categories?: readonly string[],
): { runToRun: DistanceSummary | null; referenceToRuns: DistanceSummary | null } {
  const pairs: (number | null)[] = [];
  for (let i = 0; i < runs.length; i++)
    for (let j = i + 1; j < runs.length; j++) pairs.push(jensenShannonDistance(runs[i]!, runs[j]!, categories));
  return {
    runToRun: summariseDistances(pairs),
    referenceToRuns: reference
      ? summariseDistances(runs.map((run) => jensenShannonDistance(reference, run, categories)))
      : null,
  };
}

/**
 * Figure 6 across configurations: the paper's distances are "of each agent run to the other runs", every run of
 * every configuration. Per configuration, the distances of each of its runs to every run of the other configurations;
 * overall, every unordered pair of runs of different configurations once (`across`), beside every pair within a
 * configuration (`within`). Runs with empty distributions are left out, as in runDistances.
 */
export function crossConfigurationDistances(
  configurations: readonly (readonly CategoryCounts[])[],
  categories?: readonly string[],
): { perConfiguration: (DistanceSummary | null)[]; across: DistanceSummary | null; within: DistanceSummary | null } {
  const perConfiguration: (number | null)[][] = configurations.map(() => []);
  const across: (number | null)[] = [];
  const within: (number | null)[] = [];
  const runs = configurations.flatMap((list, c) => list.map((counts) => ({ c, counts })));
  for (let i = 0; i < runs.length; i++)
    for (let j = i + 1; j < runs.length; j++) {
      const a = runs[i]!;
      const b = runs[j]!;
      const d = jensenShannonDistance(a.counts, b.counts, categories);
      if (a.c === b.c) within.push(d);
      else {
        across.push(d);
        perConfiguration[a.c]!.push(d);
        perConfiguration[b.c]!.push(d);
      }
    }
  return {
    perConfiguration: perConfiguration.map(summariseDistances),
    across: summariseDistances(across),
    within: summariseDistances(within),
  };
}
