import { describe, expect, it } from "vitest";
import {
  expectedSpectrum,
  fitStableBeta,
  simulateStableBetaSpectrum,
  spectrumFromAtLeast,
  spectrumWeights,
} from "./stable-beta";

describe("stable-beta spectrum", () => {
  it("gives alpha findings per run in expectation (sum_j j E[K_j] / n = alpha)", () => {
    for (const [c, sigma] of [
      [0.2, 0.3],
      [2, 0.05],
      [0.5, 0.7],
    ] as const) {
      const weights = spectrumWeights(6, c, sigma);
      expect(weights.reduce((s, w, j) => s + (j + 1) * w, 0) / 6).toBeCloseTo(1, 10);
    }
  });

  it("agrees with the sequential sampling scheme it is simulated by", () => {
    const parameters = { alpha: 300, c: 0.6, sigma: 0.3 };
    const expected = expectedSpectrum(4, parameters);
    const mean = [0, 0, 0, 0];
    const draws = 200;
    for (let s = 0; s < draws; s++)
      simulateStableBetaSpectrum(4, parameters, 1_000 + s).forEach((k, j) => (mean[j]! += k / draws));
    // Each cell's mean within 4 standard errors (K_j is Poisson, so its variance is its mean).
    expected.forEach((e, j) => expect(Math.abs(mean[j]! - e)).toBeLessThan(4 * Math.sqrt(e / draws)));
  });

  it("turns at-least-n-of-k counts into the exactly-k spectrum", () => {
    expect(spectrumFromAtLeast([100, 40, 15])).toEqual([60, 25, 15]);
  });
});

describe("fitStableBeta", () => {
  it.each([
    { runs: 5, alpha: 3_000, c: 0.2, sigma: 0.26, seed: 11 },
    { runs: 10, alpha: 1_500, c: 0.8, sigma: 0.3, seed: 12 },
  ])(
    "recovers known parameters from a simulated spectrum within two standard errors ($runs runs)",
    ({ runs, seed, ...truth }) => {
      const spectrum = simulateStableBetaSpectrum(runs, truth, seed);
      const fit = fitStableBeta(spectrum)!;
      for (const name of ["alpha", "c", "sigma"] as const) {
        const se = fit.standardErrors[name]!;
        expect(se).toBeGreaterThan(0);
        expect(Math.abs(fit.parameters[name] - truth[name])).toBeLessThan(2 * se);
      }
      expect(fit.distinct).toBe(spectrum.reduce((s, k) => s + k, 0));
      expect(fit.expected.reduce((s, k) => s + k, 0)).toBeCloseTo(fit.distinct, 6);
      // A spectrum drawn from the model should not be rejected.
      expect(fit.p!).toBeGreaterThan(0.001);
      expect(fit.degreesOfFreedom).toBe(runs - 3);
    },
  );

  it("fits an exact expected spectrum to its own parameters with chi-squared 0", () => {
    const truth = { alpha: 7_772, c: 0.172, sigma: 0.263 }; // Table 23's Muse Spark 1.3 fit, as a test point
    const fit = fitStableBeta(expectedSpectrum(5, truth))!;
    expect(fit.parameters.sigma).toBeCloseTo(truth.sigma, 3);
    expect(fit.parameters.c).toBeCloseTo(truth.c, 2);
    expect(fit.parameters.alpha / truth.alpha).toBeCloseTo(1, 3);
    expect(fit.chiSquared).toBeLessThan(1e-4);
    expect(fit.meanPerRun).toBeCloseTo(truth.alpha, 3);
  });

  it("has no fit where it is not identified or not testable (fewer than four runs), nor for an empty spectrum", () => {
    expect(fitStableBeta([10])).toBeNull();
    // Two runs: one share, two shape parameters (not identified). Three runs: an exact fit, df = 0.
    expect(fitStableBeta([100, 50])).toBeNull();
    expect(fitStableBeta([50, 20, 10])).toBeNull();
    expect(fitStableBeta([0, 0, 0, 0])).toBeNull();
    const four = fitStableBeta([50, 20, 10, 5])!;
    expect(four.degreesOfFreedom).toBe(1);
    expect(four.p).not.toBeNull();
  });
});
