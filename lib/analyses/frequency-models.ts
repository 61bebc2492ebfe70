// §E.2, Tables 22-23: the two simpler models the stable-beta process is compared with, fitted to the same frequency
// spectrum K_1..K_n (distinct findings reported in exactly j of n runs), conditional on j >= 1 as the paper fits:
//
//   binomial:      every finding of a finite pool is reported by each run with one probability q;
//                  P(j) = C(n, j) q^j (1 - q)^(n - j), pool size N / (1 - (1 - q)^n).
//   beta-binomial: each finding has its own probability, drawn from Beta(a, b);
//                  P(j) = C(n, j) B(j + a, n - j + b) / B(a, b), pool size N / (1 - P(0)).
//
// Both are fitted by maximum likelihood of the zero-truncated distribution. Beta-binomial parameters are bounded
// below at 0.01 (Table 23 marks a = 0.010 as at its bound); a pool size implied through a parameter at its bound is
// omitted, as Table 23 does. Goodness of fit as for the stable-beta fit: Pearson's chi-squared over the n cells,
// df = n - 1 - k (k fitted parameters), its p and sqrt(chi-squared / N). Pure: no I/O.

import gammaln from "@stdlib/math-base-special-gammaln";
import gammainc from "@stdlib/math-base-special-gammainc";
import { minimiseWithRestarts, sigmaAtBound, type StableBetaFit } from "./stable-beta";

const BETA_BINOMIAL_LOWER_BOUND = 0.01;
/** A parameter within this of its bound counts as at it (the optimiser approaches a bound, never reaches it). */
const AT_BOUND = 1e-3;

type ModelParameter = { name: string; value: number; se?: number | null; atBound: boolean };

export type FrequencyModelFit = {
  model: "binomial" | "beta_binomial" | "stable_beta";
  /** Fitted parameters (k in Table 22), conditional on N. */
  k: number;
  parameters: ModelParameter[];
  /** The pool of findings the model implies; null where it is infinite (stable-beta) or set by a bound. */
  poolSize: number | null;
  poolInfinite: boolean;
  expected: number[];
  logLikelihood: number;
  chiSquared: number;
  degreesOfFreedom: number;
  /** Null when df < 1. */
  p: number | null;
  effectSize: number;
};

const logChoose = (n: number, k: number) => gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1);
const logBeta = (x: number, y: number) => gammaln(x) + gammaln(y) - gammaln(x + y);
/** log(1 - e^x) for x < 0, accurate near 0 and far below. */
const log1mExp = (x: number) => (x > -Math.LN2 ? Math.log(-Math.expm1(x)) : Math.log1p(-Math.exp(x)));

/** Log-likelihood of the spectrum under cell log-probabilities (already conditional on j >= 1). */
function logLikelihoodOf(spectrum: readonly number[], logP: readonly number[]): number {
  let value = 0;
  for (let j = 0; j < spectrum.length; j++) if (spectrum[j]! > 0) value += spectrum[j]! * logP[j]!;
  return value;
}

function goodnessOfFit(
  spectrum: readonly number[],
  logP: readonly number[],
  k: number,
): Pick<FrequencyModelFit, "expected" | "chiSquared" | "degreesOfFreedom" | "p" | "effectSize" | "logLikelihood"> {
  const total = spectrum.reduce((s, x) => s + x, 0);
  const expected = logP.map((l) => total * Math.exp(l));
  const chiSquared = spectrum.reduce((s, x, j) => s + (x - expected[j]!) ** 2 / expected[j]!, 0);
  const degreesOfFreedom = spectrum.length - 1 - k;
  return {
    expected,
    chiSquared,
    degreesOfFreedom,
    p:
      degreesOfFreedom >= 1 && Number.isFinite(chiSquared)
        ? gammainc(chiSquared / 2, degreesOfFreedom / 2, true, true)
        : null,
    effectSize: Math.sqrt(chiSquared / total),
    logLikelihood: logLikelihoodOf(spectrum, logP),
  };
}

/** Zero-truncated binomial cell log-probabilities for j = 1..n. */
function binomialLogProbabilities(runs: number, q: number): number[] {
  const logZero = runs * Math.log1p(-q);
  const norm = log1mExp(logZero);
  return Array.from({ length: runs }, (_, i) => {
    const j = i + 1;
    return logChoose(runs, j) + j * Math.log(q) + (runs - j) * Math.log1p(-q) - norm;
  });
}

/**
 * The binomial maximum-likelihood q solves n q / (1 - (1 - q)^n) = mean j (the zero-truncated mean equals the observed
 * mean, the score equation of a one-parameter exponential family); the left side increases with q, so bisection.
 */
export function fitBinomial(spectrum: readonly number[]): FrequencyModelFit | null {
  const runs = spectrum.length;
  const total = spectrum.reduce((s, x) => s + x, 0);
  if (runs < 2 || total <= 0) return null;
  const mean = spectrum.reduce((s, x, j) => s + (j + 1) * x, 0) / total;
  const truncatedMean = (q: number) => (runs * q) / -Math.expm1(runs * Math.log1p(-q));
  let [lo, hi] = [1e-12, 1 - 1e-12];
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (truncatedMean(mid) < mean) lo = mid;
    else hi = mid;
  }
  const q = (lo + hi) / 2;
  const logP = binomialLogProbabilities(runs, q);
  const atBound = q < 1e-9 || q > 1 - 1e-9;
  return {
    model: "binomial",
    k: 1,
    parameters: [{ name: "q", value: q, atBound }],
    poolSize: atBound ? null : total / -Math.expm1(runs * Math.log1p(-q)),
    poolInfinite: false,
    ...goodnessOfFit(spectrum, logP, 1),
  };
}

/** Zero-truncated beta-binomial cell log-probabilities for j = 1..n, and log P(0) of the untruncated law. */
function betaBinomialLogProbabilities(runs: number, a: number, b: number): { logP: number[]; logZero: number } {
  const base = logBeta(a, b);
  const logZero = logBeta(a, runs + b) - base;
  const norm = log1mExp(logZero);
  const logP = Array.from({ length: runs }, (_, i) => {
    const j = i + 1;
    return logChoose(runs, j) + logBeta(j + a, runs - j + b) - base - norm;
  });
  return { logP, logZero };
}

/** Beta-binomial by Nelder-Mead over log(a - 0.01), log(b - 0.01), from a few starts. */
export function fitBetaBinomial(spectrum: readonly number[]): FrequencyModelFit | null {
  const runs = spectrum.length;
  const total = spectrum.reduce((s, x) => s + x, 0);
  if (runs < 2 || total <= 0) return null;
  const decode = ([u, v]: number[]) => ({
    a: BETA_BINOMIAL_LOWER_BOUND + Math.exp(u!),
    b: BETA_BINOMIAL_LOWER_BOUND + Math.exp(v!),
  });
  const objective = (x: number[]) => {
    const { a, b } = decode(x);
    const value = -logLikelihoodOf(spectrum, betaBinomialLogProbabilities(runs, a, b).logP);
    return Number.isFinite(value) ? value : Number.MAX_VALUE;
  };
  let best: { x: number[]; fx: number } | null = null;
  for (const start of [
    [0, 0],
    [-3, 0],
    [-6, -1],
    [1, 2],
  ]) {
    const result = minimiseWithRestarts(objective, start);
    if (!best || result.fx < best.fx) best = result;
  }
  const { a, b } = decode(best!.x);
  const { logP, logZero } = betaBinomialLogProbabilities(runs, a, b);
  const aAtBound = a - BETA_BINOMIAL_LOWER_BOUND < AT_BOUND;
  const bAtBound = b - BETA_BINOMIAL_LOWER_BOUND < AT_BOUND;
  return {
    model: "beta_binomial",
    k: 2,
    parameters: [
      { name: "a", value: a, atBound: aAtBound },
      { name: "b", value: b, atBound: bAtBound },
    ],
    poolSize: aAtBound || bAtBound ? null : total / -Math.expm1(logZero),
    poolInfinite: false,
    ...goodnessOfFit(spectrum, logP, 2),
  };
}

/** The stable-beta fit in the same shape, so the three models sit in one table (Tables 22-23). */
export function stableBetaAsModel(fit: StableBetaFit): FrequencyModelFit {
  const total = fit.distinct;
  const logP = fit.expected.map((e) => Math.log(e / total));
  return {
    model: "stable_beta",
    k: 2,
    parameters: [
      { name: "alpha", value: fit.parameters.alpha, se: fit.standardErrors.alpha, atBound: false },
      { name: "c", value: fit.parameters.c, se: fit.standardErrors.c, atBound: false },
      {
        name: "sigma",
        value: fit.parameters.sigma,
        se: fit.standardErrors.sigma,
        atBound: sigmaAtBound(fit.parameters.sigma),
      },
    ],
    poolSize: null,
    // A positive discount: distinct findings grow without bound (§E.3); a discount at its bound says nothing of it.
    poolInfinite: !sigmaAtBound(fit.parameters.sigma),
    expected: fit.expected,
    logLikelihood: logLikelihoodOf(fit.observed, logP),
    chiSquared: fit.chiSquared,
    degreesOfFreedom: fit.degreesOfFreedom,
    p: fit.p,
    effectSize: fit.effectSize,
  };
}
