import { describe, expect, it } from "vitest";
import { expectedUnion, precisionRecallPoints, unionGrowth } from "./union-growth";
import { expectedSpectrum } from "./stable-beta";

describe("expectedUnion", () => {
  it("is alpha times the harmonic number when sigma = 0 and c = 1", () => {
    // w_j(n) = C(n, j) Γ(2) Γ(j) Γ(n - j + 1) / (Γ(1) Γ(1) Γ(n + 1)) = 1 / j, so E[union after n] = alpha H_n.
    const union = expectedUnion({ alpha: 12, c: 1, sigma: 0 }, 4);
    expect(union[0]).toBeCloseTo(12, 9);
    expect(union[1]).toBeCloseTo(18, 9);
    expect(union[2]).toBeCloseTo(22, 9);
    expect(union[3]).toBeCloseTo(25, 9);
  });

  it("at n runs equals the sum of the expected spectrum of n runs", () => {
    const parameters = { alpha: 40, c: 2.5, sigma: 0.4 };
    const spectrum = expectedSpectrum(5, parameters).reduce((a, b) => a + b, 0);
    expect(expectedUnion(parameters, 5)[4]).toBeCloseTo(spectrum, 9);
  });

  it("is alpha Γ(n + σ) / (σ Γ(σ) Γ(n)) when c = 0", () => {
    // σ = 1/2: n = 1, 2, 3 give 1, Γ(5/2) / (Γ(1/2) / 2) = 3/2 and Γ(7/2) / Γ(1/2) = 15/8.
    const union = expectedUnion({ alpha: 8, c: 0, sigma: 0.5 }, 3);
    expect(union[0]).toBeCloseTo(8, 9);
    expect(union[1]).toBeCloseTo(12, 9);
    expect(union[2]).toBeCloseTo(15, 9);
  });

  it("rejects a non-positive horizon", () => {
    expect(() => expectedUnion({ alpha: 1, c: 1, sigma: 0 }, 0)).toThrow(/positive integer/);
  });
});

describe("unionGrowth", () => {
  const fit = { runs: 4, degreesOfFreedom: 1, parameters: { alpha: 12, c: 1, sigma: 0 } };

  it("projects to 2k runs with an identified fit", () => {
    const rows = unionGrowth([11, 19, 21, 25], fit);
    expect(rows).toHaveLength(8);
    expect(rows[3]).toEqual({ n: 4, observed: 25, expected: 25, projected: false });
    // 12 H_5 = 27.4, 12 H_8 = 32.61...
    expect(rows[4]!.observed).toBeNull();
    expect(rows[4]!.projected).toBe(true);
    expect(rows[4]!.expected).toBeCloseTo(27.4, 9);
    expect(rows[7]!.expected).toBeCloseTo(12 * (1 + 1 / 2 + 1 / 3 + 1 / 4 + 1 / 5 + 1 / 6 + 1 / 7 + 1 / 8), 9);
  });

  it("projects nothing without a fit, with df = 0, or with a fit of another run count", () => {
    for (const f of [null, { ...fit, degreesOfFreedom: 0 }, { ...fit, runs: 5 }]) {
      const rows = unionGrowth([11, 19, 21, 25], f);
      expect(rows).toHaveLength(4);
      expect(rows.every((r) => r.expected === null && !r.projected)).toBe(true);
    }
  });
});

describe("precisionRecallPoints", () => {
  it("keeps points with both ratios, in order of n", () => {
    const points = precisionRecallPoints([
      { n: 3, label: "intersection", recall: null, precision: null },
      { n: 2, label: "at least 2 of 3", recall: 0.2, precision: 0.5 },
      { n: 1, label: "union", recall: 0.4, precision: 0.25 },
    ]);
    expect(points).toEqual([
      { n: 1, label: "union", recall: 0.4, precision: 0.25 },
      { n: 2, label: "at least 2 of 3", recall: 0.2, precision: 0.5 },
    ]);
  });
});
