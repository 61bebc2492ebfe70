import { describe, expect, it } from "vitest";
import { fitBetaBinomial, fitBinomial, stableBetaAsModel } from "./frequency-models";
import { expectedSpectrum, fitStableBeta } from "./stable-beta";

// Direct evaluations, written out independently of the module: products instead of Beta and Gamma functions.
const choose = (n: number, k: number) => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
};
const rising = (x: number, m: number) => {
  let r = 1;
  for (let i = 0; i < m; i++) r *= x + i;
  return r;
};
function directBinomialLogLik(spectrum: number[], q: number): number {
  const n = spectrum.length;
  const zero = (1 - q) ** n;
  return spectrum.reduce((s, k, i) => {
    const j = i + 1;
    return s + k * Math.log((choose(n, j) * q ** j * (1 - q) ** (n - j)) / (1 - zero));
  }, 0);
}
function directBetaBinomialLogLik(spectrum: number[], a: number, b: number): number {
  const n = spectrum.length;
  const p = (j: number) => (choose(n, j) * rising(a, j) * rising(b, n - j)) / rising(a + b, n);
  const zero = p(0);
  return spectrum.reduce((s, k, i) => s + k * Math.log(p(i + 1) / (1 - zero)), 0);
}

describe("fitBinomial", () => {
  it("solves two runs in closed form: mean j = 2 / (2 - q)", () => {
    // K = [60, 40]: mean j = 1.4, so q = 2 - 2 / 1.4 = 4/7; P(1) = 2(1 - q) / (2 - q) = 0.6 reproduces 60 exactly.
    const fit = fitBinomial([60, 40])!;
    expect(fit.parameters[0]!.value).toBeCloseTo(4 / 7, 9);
    expect(fit.expected[0]).toBeCloseTo(60, 6);
    expect(fit.chiSquared).toBeCloseTo(0, 9);
    expect(fit.degreesOfFreedom).toBe(0);
    expect(fit.p).toBeNull();
    // Pool: 100 / (1 - (3/7)^2) = 100 / (40/49) = 122.5.
    expect(fit.poolSize).toBeCloseTo(122.5, 6);
  });

  it("maximises the directly evaluated likelihood", () => {
    const spectrum = [500, 180, 90, 60, 40];
    const fit = fitBinomial(spectrum)!;
    expect(fit.logLikelihood).toBeCloseTo(directBinomialLogLik(spectrum, fit.parameters[0]!.value), 6);
    for (let q = 0.01; q < 1; q += 0.01)
      expect(directBinomialLogLik(spectrum, q)).toBeLessThanOrEqual(fit.logLikelihood + 1e-9);
    expect(fit.degreesOfFreedom).toBe(3);
  });
});

describe("fitBetaBinomial", () => {
  it("maximises the directly evaluated likelihood over a grid", () => {
    const spectrum = [300, 210, 160, 120, 90];
    const fit = fitBetaBinomial(spectrum)!;
    const [a, b] = fit.parameters.map((p) => p.value) as [number, number];
    expect(fit.logLikelihood).toBeCloseTo(directBetaBinomialLogLik(spectrum, a, b), 6);
    for (const ga of [0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6])
      for (const gb of [0.05, 0.1, 0.3, 0.6, 1.2, 2.4, 4.8])
        expect(directBetaBinomialLogLik(spectrum, ga, gb)).toBeLessThanOrEqual(fit.logLikelihood + 1e-6);
    expect(fit.degreesOfFreedom).toBe(2);
    expect(fit.parameters.some((p) => p.atBound)).toBe(false);
    expect(fit.poolSize!).toBeGreaterThan(880);
  });

  it("recovers the parameters of an exact expected spectrum", () => {
    const [n, a, b, N] = [6, 0.7, 1.9, 10_000];
    const p = (j: number) => (choose(n, j) * rising(a, j) * rising(b, n - j)) / rising(a + b, n);
    const spectrum = Array.from({ length: n }, (_, i) => (N * p(i + 1)) / (1 - p(0)));
    const fit = fitBetaBinomial(spectrum)!;
    expect(fit.parameters[0]!.value).toBeCloseTo(a, 3);
    expect(fit.parameters[1]!.value).toBeCloseTo(b, 3);
    expect(fit.chiSquared).toBeLessThan(1e-6);
  });

  it("marks a parameter at its lower bound and omits the pool size it would set", () => {
    // Table 23: the beta-binomial fit to Muse Spark 1.3's spectrum reaches a = 0.01. A stable-beta spectrum with a
    // heavy tail of rare findings does the same here.
    const spectrum = expectedSpectrum(5, { alpha: 7_772, c: 0.172, sigma: 0.263 });
    const fit = fitBetaBinomial(spectrum)!;
    expect(fit.parameters[0]!.atBound).toBe(true);
    expect(fit.poolSize).toBeNull();
    // The data reject the beta-binomial where the stable-beta fits exactly.
    expect(fit.chiSquared).toBeGreaterThan(fitStableBeta(spectrum)!.chiSquared + 10);
  });
});

describe("stableBetaAsModel", () => {
  const fit = (sigma: number) => ({
    runs: 5,
    distinct: 100,
    parameters: { alpha: 40, c: 1, sigma },
    standardErrors: { alpha: null, c: null, sigma: null },
    observed: [40, 25, 15, 12, 8],
    expected: [40, 25, 15, 12, 8],
    chiSquared: 0,
    degreesOfFreedom: 2,
    p: 1,
    effectSize: 0,
    meanPerRun: 40,
  });

  it("marks a discount at its lower bound and claims no unbounded pool from it", () => {
    const atBound = stableBetaAsModel(fit(1e-6));
    expect(atBound.parameters.find((p) => p.name === "sigma")!.atBound).toBe(true);
    expect(atBound.poolInfinite).toBe(false);
    const inside = stableBetaAsModel(fit(0.26));
    expect(inside.parameters.find((p) => p.name === "sigma")!.atBound).toBe(false);
    expect(inside.poolInfinite).toBe(true);
  });
});
