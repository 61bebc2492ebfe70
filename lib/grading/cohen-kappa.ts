import type { Interval } from "../scoring/types";

// Cohen's kappa of two raters over the same items (§2.2: the expert and agent audits of the reference set agreed
// with kappa 0.29), with its large-sample 95% interval. The variance is Fleiss, Cohen & Everitt (1969), the usual
// asymptotic standard error of kappa; no maintained JavaScript statistics package computes it, so it is written here.

// The 97.5% quantile of the standard normal distribution (a 95% two-sided interval).
const Z_95 = 1.959963984540054;

export type Kappa = {
  /** Items both raters rated. */
  n: number;
  /** Share of items on which they agree. */
  observed: number | null;
  /** Agreement expected by chance from each rater's own shares. */
  expected: number | null;
  /** null when there is nothing to measure: no items, or both raters used one and the same category throughout. */
  kappa: number | null;
  interval: Interval | null;
};

/** Rows: rater A's category, columns: rater B's (same categories in the same order); cells are counts. */
export function cohenKappa(table: readonly (readonly number[])[]): Kappa {
  const k = table.length;
  for (const row of table) if (row.length !== k) throw new Error("cohenKappa: the table must be square");
  const n = table.flat().reduce((a, b) => a + b, 0);
  if (n === 0) return { n, observed: null, expected: null, kappa: null, interval: null };
  const p = table.map((row) => row.map((c) => c / n));
  const rows = p.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = p[0]!.map((_, j) => p.reduce((s, row) => s + row[j]!, 0));
  const observed = p.reduce((s, row, i) => s + row[i]!, 0);
  const expected = rows.reduce((s, r, i) => s + r * cols[i]!, 0);
  if (expected >= 1) return { n, observed, expected, kappa: null, interval: null };
  const kappa = (observed - expected) / (1 - expected);
  let a = 0;
  let b = 0;
  for (let i = 0; i < k; i++) {
    a += p[i]![i]! * (1 - (rows[i]! + cols[i]!) * (1 - kappa)) ** 2;
    for (let j = 0; j < k; j++) if (i !== j) b += p[i]![j]! * (cols[i]! + rows[j]!) ** 2;
  }
  b *= (1 - kappa) ** 2;
  const c = (kappa - expected * (1 - kappa)) ** 2;
  const variance = Math.max(0, (a + b - c) / (n * (1 - expected) ** 2));
  const half = Z_95 * Math.sqrt(variance);
  return { n, observed, expected, kappa, interval: [Math.max(-1, kappa - half), Math.min(1, kappa + half)] };
}
