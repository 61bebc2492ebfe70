import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../scoring/seeded-random";
import {
  conditionalLogLikelihood,
  expectedFixed,
  firstHalf,
  fitFamily,
  fixPosition,
  predictLateFixes,
  type RepositoryPositions,
} from "./bug-pool";
import { EXPONENTIAL, LOGNORMAL, WEIBULL, type Family } from "./fix-families";

/** Snapshot bugs with fix times from the family; those fixed within each window are observed. */
function simulate(family: Family, theta: number[], windows: number[], bugsPerRepo: number, seed: number) {
  const random = createSeededRandom(seed);
  return windows.map((window, i): RepositoryPositions => {
    const positions: number[] = [];
    for (let k = 0; k < bugsPerRepo; k++) {
      const t = family.sample(theta, random);
      if (t <= window) positions.push(t);
    }
    return { repo: `r${i}`, window, positions };
  });
}

describe("§A.3 fix positions", () => {
  it("puts the bugs of the k-th fix commit at k - 1/2, shared by bugs of the same commit", () => {
    expect([1, 1, 3].map(fixPosition)).toEqual([0.5, 0.5, 2.5]);
  });

  it("computes the conditional log-likelihood by hand (exponential, one repository)", () => {
    // beta = 0.1, window 10, positions 0.5, 1.5, 2.5: 3 ln 0.1 - 0.1 * 4.5 - 3 ln(1 - e^-1) = -5.981730
    const value = conditionalLogLikelihood(EXPONENTIAL, [{ repo: "a", window: 10, positions: [0.5, 1.5, 2.5] }], [0.1]);
    expect(value).toBeCloseTo(-5.98173, 4);
  });

  it("cancels each repository's scale: the likelihood is a sum over repositories", () => {
    const a = { repo: "a", window: 10, positions: [0.5, 4.5] };
    const b = { repo: "b", window: 3, positions: [2.5] };
    const both = conditionalLogLikelihood(WEIBULL, [a, b], [0.8, 7]);
    expect(both).toBeCloseTo(
      conditionalLogLikelihood(WEIBULL, [a], [0.8, 7]) + conditionalLogLikelihood(WEIBULL, [b], [0.8, 7]),
      10,
    );
  });

  it("fits the exponential at the root of its score equation (hand case)", () => {
    // d/dbeta: n / beta - sum t - n W e^{-beta W} / (1 - e^{-beta W}) = 0
    const repo = { repo: "a", window: 10, positions: [0.5, 1.5, 2.5, 6.5] };
    const fit = fitFamily(EXPONENTIAL, [repo])!;
    const beta = fit.parameters[0]!;
    const w = repo.window;
    const score = 4 / beta - 11 - (4 * w * Math.exp(-beta * w)) / (1 - Math.exp(-beta * w));
    expect(Math.abs(score)).toBeLessThan(1e-4);
    expect(fit.standardErrors[0]).toBeGreaterThan(0);
  });

  it.each([
    { family: EXPONENTIAL, truth: [0.002], seed: 11 },
    { family: WEIBULL, truth: [0.85, 900], seed: 12 },
    { family: LOGNORMAL, truth: [6.5, 1.4], seed: 13 },
  ])(
    "recovers the $family.name parameters from simulated positions within two standard errors",
    ({ family, truth, seed }) => {
      const repos = simulate(family, truth, [900, 600, 400, 250, 120], 800, seed);
      const fit = fitFamily(family, repos)!;
      truth.forEach((value, i) => {
        const se = fit.standardErrors[i]!;
        expect(se).toBeGreaterThan(0);
        expect(Math.abs(fit.parameters[i]! - value)).toBeLessThan(2 * se);
      });
    },
  );

  it("predicts the late fixes from the first half, and the totals, near the truth for simulated data", () => {
    const truth = [0.002];
    const windows = [900, 600, 400, 250, 120];
    const repos = simulate(EXPONENTIAL, truth, windows, 800, 21);
    const early = fitFamily(EXPONENTIAL, firstHalf(repos))!;
    const late = predictLateFixes(EXPONENTIAL, early.parameters, repos);
    expect(Math.abs(late.underpredictionPct!)).toBeLessThan(10);
    const total = expectedFixed(EXPONENTIAL, fitFamily(EXPONENTIAL, repos)!.parameters, repos, () => Infinity);
    expect(Math.abs(total - 5 * 800) / 4000).toBeLessThan(0.1);
  });

  it("predicts late fixes by hand: n_early (F(N) - F(N/2)) / F(N/2)", () => {
    // exponential beta = ln 2 / 5: F(5) = 1/2, F(10) = 3/4, so 2 early bugs predict 2 * (1/4) / (1/2) = 1 late fix.
    const repo = { repo: "a", window: 10, positions: [0.5, 3.5, 6.5, 7.5] };
    const check = predictLateFixes(EXPONENTIAL, [Math.LN2 / 5], [repo]);
    expect(check.predicted).toBeCloseTo(1, 10);
    expect(check.observed).toBe(2);
    expect(check.underpredictionPct).toBeCloseTo(50, 10);
    // Totals: 4 observed / F(10) = 16/3; within 20 commits F(20) = 15/16 of them.
    expect(expectedFixed(EXPONENTIAL, [Math.LN2 / 5], [repo], () => Infinity)).toBeCloseTo(16 / 3, 10);
    expect(expectedFixed(EXPONENTIAL, [Math.LN2 / 5], [repo], () => 20)).toBeCloseTo(5, 10);
  });
});
