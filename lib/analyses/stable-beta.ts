// §E.1-E.2, Tables 22-23: repeated runs as draws from a stable-beta process. Each distinct finding has a reporting
// probability; a run reports it independently with that probability. The process has mass alpha (the expected
// number of findings per run), concentration c and discount sigma (the power-law tail of rare findings). The
// frequency spectrum K_j, the number of distinct findings reported in exactly j of n runs, has expectation
//
//   E[K_j] = alpha * C(n, j) * Gamma(1 + c) Gamma(j - sigma) Gamma(n - j + c + sigma)
//                            / (Gamma(1 - sigma) Gamma(c + sigma) Gamma(n + c)),
//
// the binomial probability of j reports integrated against the process's Levy measure. Conditional on N = sum K_j
// (the paper fits the findings reported at least once), the shares K_j / N depend on c and sigma only: those two are
// fitted by maximum likelihood, and alpha follows as N / sum_j w_j. Pure: no I/O.

import gammaln from "@stdlib/math-base-special-gammaln";
import gammainc from "@stdlib/math-base-special-gammainc";
import { nelderMead } from "fmin/src/nelderMead.js";
import { createSeededRandom } from "../scoring/seeded-random";
import { numericalHessian } from "./numerical-hessian";

export type StableBetaParameters = { alpha: number; c: number; sigma: number };

function logChoose(n: number, k: number): number {
  return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1);
}

/** E[K_j] / alpha for j = 1..n. */
export function spectrumWeights(runs: number, c: number, sigma: number): number[] {
  const constant = gammaln(1 + c) - gammaln(1 - sigma) - gammaln(c + sigma) - gammaln(runs + c);
  const weights: number[] = [];
  for (let j = 1; j <= runs; j++)
    weights.push(Math.exp(logChoose(runs, j) + constant + gammaln(j - sigma) + gammaln(runs - j + c + sigma)));
  return weights;
}

/** The expected spectrum E[K_1..K_n] of n runs. */
export function expectedSpectrum(runs: number, parameters: StableBetaParameters): number[] {
  return spectrumWeights(runs, parameters.c, parameters.sigma).map((w) => parameters.alpha * w);
}

/**
 * The spectrum from the "reported in at least n of k runs" counts (n = 1..k): exactly j = atLeast(j) - atLeast(j + 1).
 */
export function spectrumFromAtLeast(atLeast: readonly number[]): number[] {
  return atLeast.map((count, i) => count - (atLeast[i + 1] ?? 0));
}

export type StableBetaFit = {
  runs: number;
  /** Distinct findings reported in at least one run. */
  distinct: number;
  parameters: StableBetaParameters;
  /** Standard errors from the observed information of the Poisson likelihood; null where it is singular. */
  standardErrors: { alpha: number | null; c: number | null; sigma: number | null };
  observed: number[];
  expected: number[];
  /** Pearson's chi-squared over the n cells; df = n - 1 - 2 (two fitted shape parameters, conditional on N). */
  chiSquared: number;
  degreesOfFreedom: number;
  /** Chi-squared's upper tail at df (df >= 1: fits need at least four runs). */
  p: number | null;
  /** sqrt(chi^2 / N), Table 22's effect size. */
  effectSize: number;
  /** The mean number of findings per run implied by the observed spectrum (sum_j j K_j / n), to set beside alpha. */
  meanPerRun: number;
};

/**
 * The fewest runs the fit is shown for. n runs give n spectrum cells; conditional on N the shares have n - 1 degrees
 * of freedom and the fit spends two (c, sigma). With 2 runs the two parameters are not identified (one share, two
 * unknowns: the optimiser returns an arbitrary point on a ridge); with 3 they reproduce the spectrum exactly
 * (chi-squared 0, df 0), so nothing is tested. From 4 runs df >= 1.
 */
export const MIN_RUNS_FOR_FIT = 4;

/**
 * The optimiser keeps sigma inside (0, 1); a fit that drives it below this wants sigma <= 0 (a finite pool, the
 * beta-binomial's regime), so sigma sits at its bound and is marked like Table 23's dagger.
 */
const SIGMA_LOWER_BOUND = 1e-3;
export const sigmaAtBound = (sigma: number) => sigma < SIGMA_LOWER_BOUND;

/** Maps unconstrained optimiser coordinates to 0 < sigma < 1 and c > -sigma. */
function fromCoordinates([a, b]: number[]): { c: number; sigma: number } {
  const sigma = 1 / (1 + Math.exp(-a!));
  return { sigma, c: -sigma + Math.exp(b!) };
}

function conditionalNegativeLogLikelihood(spectrum: readonly number[], c: number, sigma: number): number {
  const weights = spectrumWeights(spectrum.length, c, sigma);
  const total = weights.reduce((s, w) => s + w, 0);
  let value = 0;
  for (let j = 0; j < spectrum.length; j++) if (spectrum[j]! > 0) value -= spectrum[j]! * Math.log(weights[j]! / total);
  return Number.isFinite(value) ? value : Number.MAX_VALUE;
}

function poissonLogLikelihood(spectrum: readonly number[], [alpha, c, sigma]: number[]): number {
  const expected = expectedSpectrum(spectrum.length, { alpha: alpha!, c: c!, sigma: sigma! });
  let value = 0;
  for (let j = 0; j < spectrum.length; j++) value += spectrum[j]! * Math.log(expected[j]!) - expected[j]!;
  return value;
}

/** Standard errors: the inverse of the negated numerical Hessian (central differences) at the estimate. */
function standardErrorsAt(spectrum: readonly number[], theta: number[]): (number | null)[] {
  const h = numericalHessian((x) => -poissonLogLikelihood(spectrum, x), theta, 1e-2);
  const inverse = invert3(h);
  return inverse
    ? inverse.map((row, i) => (row[i]! > 0 && Number.isFinite(row[i]!) ? Math.sqrt(row[i]!) : null))
    : [null, null, null];
}

function invert3(m: number[][]): number[][] | null {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-300) return null;
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

/**
 * Nelder-Mead from fmin, restarted from its own optimum until a restart stops improving. fmin 0.0.4's shrink step
 * reads an undeclared variable (a ReferenceError in strict mode), so shrinking is switched off (sigma = 1 stops the
 * search where it would shrink) and a fresh simplex around the best point takes its place.
 */
export function minimiseWithRestarts(objective: (x: number[]) => number, start: number[]): { x: number[]; fx: number } {
  let best = nelderMead(objective, start, { maxIterations: 2_000, minErrorDelta: 1e-12, sigma: 1 });
  for (let restart = 0; restart < 100; restart++) {
    const next = nelderMead(objective, [...best.x], { maxIterations: 2_000, minErrorDelta: 1e-12, sigma: 1 });
    const improved = best.fx - next.fx;
    if (next.fx < best.fx) best = next;
    if (!(improved > 1e-10)) break;
  }
  return { x: [...best.x], fx: best.fx };
}

/**
 * Maximum-likelihood fit of the stable-beta process to a spectrum [K_1, ..., K_n] (n >= MIN_RUNS_FOR_FIT runs, at
 * least one finding); null otherwise. Nelder-Mead from fmin over transformed (c, sigma), from a few starts; the best optimum is kept.
 */
export function fitStableBeta(spectrum: readonly number[]): StableBetaFit | null {
  const runs = spectrum.length;
  const distinct = spectrum.reduce((s, k) => s + k, 0);
  if (runs < MIN_RUNS_FOR_FIT || distinct <= 0 || spectrum.some((k) => !Number.isFinite(k) || k < 0)) return null;
  const objective = (x: number[]) => {
    const { c, sigma } = fromCoordinates(x);
    return conditionalNegativeLogLikelihood(spectrum, c, sigma);
  };
  let best: { x: number[]; fx: number } | null = null;
  for (const start of [
    [0, 0],
    [-1.5, 1],
    [1, -1],
    [-2.5, 2.5],
  ]) {
    const result = minimiseWithRestarts(objective, start);
    if (!best || result.fx < best.fx) best = result;
  }
  const { c, sigma } = fromCoordinates(best!.x);
  const weights = spectrumWeights(runs, c, sigma);
  const alpha = distinct / weights.reduce((s, w) => s + w, 0);
  const expected = weights.map((w) => alpha * w);
  const chiSquared = spectrum.reduce((s, k, j) => s + (k - expected[j]!) ** 2 / expected[j]!, 0);
  const degreesOfFreedom = runs - 1 - 2;
  const [seAlpha, seC, seSigma] = standardErrorsAt(spectrum, [alpha, c, sigma]);
  return {
    runs,
    distinct,
    parameters: { alpha, c, sigma },
    standardErrors: { alpha: seAlpha ?? null, c: seC ?? null, sigma: seSigma ?? null },
    observed: [...spectrum],
    expected,
    chiSquared,
    degreesOfFreedom,
    p: degreesOfFreedom >= 1 ? gammainc(chiSquared / 2, degreesOfFreedom / 2, true, true) : null,
    effectSize: Math.sqrt(chiSquared / distinct),
    meanPerRun: spectrum.reduce((s, k, j) => s + (j + 1) * k, 0) / runs,
  };
}

/** A Poisson draw (Knuth's product method, in chunks of mean <= 500 so exp(-mean) never underflows). */
function samplePoisson(mean: number, random: () => number): number {
  let count = 0;
  for (let left = mean; left > 0; left -= 500) {
    const limit = Math.exp(-Math.min(left, 500));
    let product = random();
    while (product > limit) {
      count++;
      product *= random();
    }
  }
  return count;
}

/**
 * Simulates n runs of a stable-beta process with the sequential (three-parameter Indian buffet) scheme: run i reports
 * a finding already reported m times with probability (m - sigma) / (i - 1 + c), and Poisson(alpha Gamma(1 + c)
 * Gamma(i - 1 + c + sigma) / (Gamma(i + c) Gamma(c + sigma))) new ones. Returns the spectrum. Used to check the fit.
 */
export function simulateStableBetaSpectrum(runs: number, parameters: StableBetaParameters, seed: number): number[] {
  const { alpha, c, sigma } = parameters;
  const random = createSeededRandom(seed);
  const counts: number[] = [];
  for (let i = 1; i <= runs; i++) {
    for (let k = 0; k < counts.length; k++) if (random() < (counts[k]! - sigma) / (i - 1 + c)) counts[k]!++;
    const newMean = alpha * Math.exp(gammaln(1 + c) + gammaln(i - 1 + c + sigma) - gammaln(i + c) - gammaln(c + sigma));
    const fresh = samplePoisson(newMean, random);
    for (let k = 0; k < fresh; k++) counts.push(1);
  }
  const spectrum = new Array<number>(runs).fill(0);
  for (const m of counts) spectrum[m - 1]!++;
  return spectrum;
}
