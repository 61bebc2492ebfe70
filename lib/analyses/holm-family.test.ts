import { describe, expect, it } from "vitest";
import { adjustHolmFamily, holmExclusionReason, isFullBenchmarkConfiguration, partialFamilyNote } from "./holm-family";

describe("Holm's family (Table 16)", () => {
  it("adjusts DeepSeek's p = 0.00756 to 0.204 over 27 tests, where two tests would make it 'significant'", () => {
    const deepseek = { key: "deepseek", p: 0.00756, approved: true, fullBenchmark: true };
    const others = Array.from({ length: 26 }, (_, i) => ({
      key: `run-${i}`,
      p: 0.1 + i * 0.03,
      approved: true,
      fullBenchmark: true,
    }));
    const full = adjustHolmFamily([deepseek, ...others]);
    expect(full.family).toBe(27);
    // The smallest of 27 p-values is multiplied by 27: 0.00756 * 27 = 0.20412.
    expect(full.adjusted.get("deepseek")).toBeCloseTo(0.20412, 10);
    // Over a family of two (the old rule): 0.00756 * 2 = 0.01512.
    expect(adjustHolmFamily([deepseek, others[0]!]).adjusted.get("deepseek")).toBeCloseTo(0.01512, 10);
  });

  it("bounds a run's p by Bonferroni over the paper's family when only some of its p-values are known", () => {
    // The data file holds 6 of Table 16's 27 tests; a verified run with p = 0.01 joins them: 28 tests, 7 known.
    const reported = [0.00756, 0.05, 0.2, 0.4, 0.6, 0.9].map((p, i) => ({
      key: `paper-${i}`,
      p,
      approved: true,
      fullBenchmark: true,
      publishedFamily: 27,
    }));
    const run = { key: "run", p: 0.01, approved: true, fullBenchmark: true };
    const partial = adjustHolmFamily([...reported, run]);
    expect(partial).toMatchObject({ family: 28, known: 7 });
    // Holm over the 7 known would give 0.01 x 6 = 0.06; over 28 it is at most 0.01 x 28 = 0.28.
    expect(partial.adjusted.get("run")).toBeCloseTo(0.28, 12);
    expect(partial.adjusted.get("paper-5")).toBe(1);
    expect(partialFamilyNote(28, 7)).toContain("7 of their p-values known");
    expect(partialFamilyNote(7, 7)).toBeNull();
    // All 27 of the paper's p-values at hand: Holm over the 28.
    const complete = Array.from({ length: 27 }, (_, i) => ({ ...reported[0]!, key: `p${i}`, p: 0.5 }));
    const full = adjustHolmFamily([...complete, run]);
    expect(full).toMatchObject({ family: 28, known: 28 });
    expect(full.adjusted.get("run")).toBeCloseTo(0.28, 12);
  });

  it("keeps small-sample runs in, leaves untested, unapproved and other-harness runs out", () => {
    const { adjusted, family } = adjustHolmFamily([
      { key: "small", p: 0.4, approved: true, fullBenchmark: true },
      { key: "big", p: 0.02, approved: true, fullBenchmark: true },
      { key: "untested", p: null, approved: true, fullBenchmark: true },
      { key: "pending", p: 0.01, approved: false, fullBenchmark: true },
      { key: "vanilla", p: 0.01, approved: true, fullBenchmark: false },
    ]);
    expect(family).toBe(2);
    // Sorted: 0.02 * 2 = 0.04, then max(0.04, 0.4 * 1) = 0.4.
    expect(adjusted.get("big")).toBeCloseTo(0.04, 12);
    expect(adjusted.get("small")).toBeCloseTo(0.4, 12);
    expect([...adjusted.keys()].sort()).toEqual(["big", "small"]);
  });

  it("names the paper's configurations: the full harness over the whole benchmark", () => {
    expect(isFullBenchmarkConfiguration({ source: "upload", harness: "probe-passes" })).toBe(true);
    expect(isFullBenchmarkConfiguration({ source: "upload", harness: " Probe-Passes " })).toBe(true);
    expect(isFullBenchmarkConfiguration({ source: "upload", harness: null })).toBe(false);
    expect(isFullBenchmarkConfiguration({ source: "in_house", harness: "hound" })).toBe(false);
    expect(isFullBenchmarkConfiguration({ source: "reported", harness: "PROBE full harness", subset: "full" })).toBe(
      true,
    );
    expect(
      isFullBenchmarkConfiguration({ source: "reported", harness: "PROBE full harness", subset: "opus-5-subset" }),
    ).toBe(false);
    expect(isFullBenchmarkConfiguration({ source: "reported", harness: "Vanilla", subset: "full" })).toBe(false);
  });

  it("says why a tested run has no adjusted p", () => {
    expect(holmExclusionReason({ p: 0.3, pHolm: null, approved: false, fullBenchmark: true })).toContain("approved");
    expect(holmExclusionReason({ p: 0.3, pHolm: null, approved: true, fullBenchmark: false })).toContain(
      "full-harness",
    );
    expect(holmExclusionReason({ p: 0.3, pHolm: 0.6, approved: true, fullBenchmark: true })).toBeNull();
    expect(holmExclusionReason({ p: null, pHolm: null, approved: true, fullBenchmark: true })).toBeNull();
  });
});
