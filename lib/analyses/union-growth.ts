// Figure 9 of the paper: how the union of repeated runs grows. The observed union after n runs (distinct findings
// reported by at least one of runs 1..n, in upload order) beside the union the stable-beta fit expects after n runs,
// projected beyond the observed k runs to 2k. Under the process the expected union after n runs is
// sum_j E[K_j](n) = alpha * sum_j w_j(n) (stable-beta.ts); at n = k it equals the observed N, as alpha is fitted so.
// Also the points of the precision-over-recall curve, one per n (union to intersection). Pure: no I/O.

import { spectrumWeights, type StableBetaParameters } from "./stable-beta";

/** Expected distinct findings reported by at least one of n runs, for n = 1..upTo. */
export function expectedUnion(parameters: StableBetaParameters, upTo: number): number[] {
  if (!Number.isInteger(upTo) || upTo < 1) throw new Error(`upTo must be a positive integer, got ${upTo}`);
  const union: number[] = [];
  for (let n = 1; n <= upTo; n++)
    union.push(parameters.alpha * spectrumWeights(n, parameters.c, parameters.sigma).reduce((a, b) => a + b, 0));
  return union;
}

export type UnionGrowthRow = {
  n: number;
  /** Observed union of runs 1..n; null beyond the observed runs. */
  observed: number | null;
  /** Expected union under the fit; null without an identified fit. */
  expected: number | null;
  /** Beyond the observed runs: a projection, not a fit to data. */
  projected: boolean;
};

/** The fit the projection needs: identified and tested (df >= 1) only. */
export type GrowthFit = { runs: number; degreesOfFreedom: number; parameters: StableBetaParameters };

/**
 * Rows n = 1..k from the observed unions (k = observedUnion.length), and with a fit that has df >= 1 and the same k,
 * its expected union at every n and the projection for n = k + 1..2k. Without such a fit the expected column is null
 * and nothing is projected.
 */
export function unionGrowth(observedUnion: readonly number[], fit: GrowthFit | null): UnionGrowthRow[] {
  const k = observedUnion.length;
  const usable = fit !== null && fit.degreesOfFreedom >= 1 && fit.runs === k && k > 0;
  const expected = usable ? expectedUnion(fit.parameters, 2 * k) : null;
  const rows: UnionGrowthRow[] = [];
  for (let n = 1; n <= (usable ? 2 * k : k); n++)
    rows.push({
      n,
      observed: n <= k ? observedUnion[n - 1]! : null,
      expected: expected ? expected[n - 1]! : null,
      projected: n > k,
    });
  return rows;
}

export type PrecisionRecallPoint = { n: number; label: string; recall: number; precision: number };

/** The curve's points that have both ratios (a point without findings has no precision), in order of n. */
export function precisionRecallPoints(
  curve: readonly { n: number; label: string; recall: number | null; precision: number | null }[],
): PrecisionRecallPoint[] {
  return curve
    .filter((c) => c.recall !== null && c.precision !== null)
    .map((c) => ({ n: c.n, label: c.label, recall: c.recall!, precision: c.precision! }))
    .sort((a, b) => a.n - b.n);
}
