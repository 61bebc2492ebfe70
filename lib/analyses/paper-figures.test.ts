import { describe, expect, it } from "vitest";
import {
  averageRanks,
  extrapolatedPrecision,
  kendallW,
  pearson,
  precisionCeiling,
  retainedShare,
  shareReportedByAnotherRun,
  spearman,
} from "./paper-figures";

describe("pearson and spearman", () => {
  it("match hand-computed correlations", () => {
    // x - 2 = -1, 0, 1; y - 13/3 = -7/3, -1/3, 8/3: Sxy = 5, Sxx = 2, Syy = 38/3.
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(5 / Math.sqrt(76 / 3), 12);
    expect(pearson([1, 2], [1, 2])).toBeNull();
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(spearman([1, 2, 3, 4], [40, 30, 20, 10])).toBeCloseTo(-1, 12);
    // d = 0, 1, 1, 0: 1 - 6 * 2 / (4 * 15) = 0.8.
    expect(spearman([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(0.8, 12);
  });
});

describe("kendallW", () => {
  it("is 1 for identical rankings, with Friedman's χ² tail", () => {
    const w = kendallW([
      [1, 2, 3],
      [10, 20, 30],
      [5, 6, 7],
    ])!;
    expect(w.w).toBeCloseTo(1, 12);
    // χ² = 3 * 2 * 1 = 6 on 2 df: p = exp(-3).
    expect(w.chiSquared).toBeCloseTo(6, 12);
    expect(w.p).toBeCloseTo(Math.exp(-3), 12);
  });

  it("matches hand-computed W without and with ties", () => {
    // Rank sums 4, 6, 8 around 6: S = 8; W = 12 * 8 / (9 * 24).
    expect(
      kendallW([
        [1, 2, 3],
        [1, 3, 2],
        [2, 1, 3],
      ])!.w,
    ).toBeCloseTo(96 / 216, 12);
    // Ranks (1.5, 1.5, 3) and (1, 2, 3): sums 2.5, 3.5, 6 around 4, S = 6.5; T = 2^3 - 2 = 6; W = 78 / (4 * 24 - 2 * 6).
    expect(
      kendallW([
        [1, 1, 2],
        [1, 2, 3],
      ])!.w,
    ).toBeCloseTo(78 / 84, 12);
    expect(kendallW([[1, 2, 3]])).toBeNull();
  });
});

describe("shareReportedByAnotherRun", () => {
  it("counts per run the distinct findings another run reports too", () => {
    const share = shareReportedByAnotherRun(
      [{ runs: [0, 1] }, { runs: [0] }, { runs: [1, 2] }, { runs: [2] }, { runs: [0, 0] }],
      4,
    );
    // Run 0: {0,1} shared, {0} and {0,0} alone: 1/3. Run 1: 2/2. Run 2: 1/2. Run 3 has none.
    expect(share.perRun).toEqual([1 / 3, 1, 0.5, null]);
    expect(share.mean).toBeCloseTo((1 / 3 + 1 + 0.5) / 3, 12);
    expect(() => shareReportedByAnotherRun([{ runs: [5] }], 2)).toThrow(/run 5 of 2/);
  });
});

describe("the precision ceiling and its extrapolation", () => {
  const pools = [
    { family: "exponential", years: 5, bugs: 5195 },
    { family: "exponential", years: 10, bugs: 7197 },
    { family: "lognormal", years: 5, bugs: 5884 },
    { family: "lognormal", years: 10, bugs: 9389 },
  ];
  it("gives the paper's 26-47% from Table 9's horizons", () => {
    const ceiling = precisionCeiling(2457, pools)!;
    expect(ceiling.low).toBeCloseTo(2457 / 9389, 12);
    expect(ceiling.high).toBeCloseTo(2457 / 5195, 12);
    expect(Math.round(ceiling.low * 100)).toBe(26);
    expect(Math.round(ceiling.high * 100)).toBe(47);
    expect(ceiling.lowPool.family).toBe("lognormal");
    expect(precisionCeiling(2457, [{ family: "lognormal", years: 5, bugs: Infinity }])).toBeNull();
  });
  it("gives the paper's 21-27% from 7% over the ten-year pools", () => {
    expect(Math.round(extrapolatedPrecision(0.07, 2457, 7197) * 100)).toBe(21);
    expect(Math.round(extrapolatedPrecision(0.07, 2457, 9389) * 100)).toBe(27);
    expect(extrapolatedPrecision(0.5, 100, 1000)).toBe(1);
  });
  it("gives the prefilter's retained share", () => {
    expect(retainedShare(27, 1000)).toBe(0.027);
    expect(retainedShare(0, 0)).toBeNull();
    expect(() => retainedShare(3, 2)).toThrow(/3 kept of 2/);
  });
});
