// Exact binomial confidence intervals for panel validity (Table 14: confirmed / decided, with a 95%
// Clopper-Pearson interval). Implemented here rather than pulled from a stats package because it needs
// only the regularized incomplete beta function and its inverse.

export type Interval = { lower: number; upper: number };

// Lanczos approximation, g = 7, n = 9 (the coefficients of Numerical Recipes / Boost); relative error
// about 1e-15, far below what a rounded percentage can show.
const LANCZOS_G = 7;
const LANCZOS_COEFFICIENTS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) {
    // Reflection formula: the series converges poorly below 1/2.
    return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS_COEFFICIENTS[0]!;
  for (let i = 1; i < LANCZOS_COEFFICIENTS.length; i++) sum += LANCZOS_COEFFICIENTS[i]! / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const TINY = 1e-300;
const EPSILON = 1e-15;

/** Continued fraction of the incomplete beta (modified Lentz), valid for x < (a + 1) / (a + b + 2). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let result = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + even * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + even / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    result *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + odd * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + odd / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    result *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return result;
}

/** Regularized incomplete beta I_x(a, b), the CDF of Beta(a, b) at x. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The continued fraction converges fast only on one side of the mean; use symmetry on the other.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/**
 * x with I_x(a, b) = p. Bisection: I_x is monotone in x, so it cannot fail to converge, and 200
 * halvings of [0, 1] exhaust double precision; speed is irrelevant for a handful of intervals.
 */
export function inverseRegularizedIncompleteBeta(p: number, a: number, b: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 200 && high - low > 1e-15; i++) {
    const mid = (low + high) / 2;
    if (regularizedIncompleteBeta(mid, a, b) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * Exact (Clopper-Pearson) interval for a binomial proportion: the bounds are beta quantiles,
 * lower = B(α/2; x, n - x + 1) and upper = B(1 - α/2; x + 1, n - x), with lower = 0 at x = 0 and
 * upper = 1 at x = n. With no trials nothing is known, so the interval is [0, 1].
 */
export function clopperPearson(successes: number, trials: number, confidence = 0.95): Interval {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || successes < 0 || successes > trials) {
    throw new Error(`clopperPearson: need integers 0 <= successes <= trials, got ${successes} of ${trials}`);
  }
  if (!(confidence > 0 && confidence < 1)) throw new Error(`clopperPearson: confidence must be in (0, 1), got ${confidence}`);
  if (trials === 0) return { lower: 0, upper: 1 };
  const alpha = 1 - confidence;
  const lower = successes === 0 ? 0 : inverseRegularizedIncompleteBeta(alpha / 2, successes, trials - successes + 1);
  const upper = successes === trials ? 1 : inverseRegularizedIncompleteBeta(1 - alpha / 2, successes + 1, trials - successes);
  return { lower, upper };
}

/** Whether two closed intervals share at least one point (e.g. to flag validity differences as not significant). */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.lower <= b.upper && b.lower <= a.upper;
}
