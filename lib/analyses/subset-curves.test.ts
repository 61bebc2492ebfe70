import { describe, expect, it } from "vitest";
import { chooseRunSubsets, fullSetDifference, isPaperPrefix, subsetCurve, type RunGroup } from "./subset-curves";

// Three runs, four reference bugs (A..D), six distinct findings.
const groups: RunGroup[] = [
  { runs: [0, 1, 2], references: ["A"] },
  { runs: [0, 1], references: ["B"] },
  { runs: [1, 2], references: [] },
  { runs: [0], references: ["C"] },
  { runs: [2], references: [] },
  { runs: [1], references: [] },
];

const ratios = (points: ReturnType<typeof subsetCurve>) =>
  points.map((p) => [p.n, p.label, p.findings, p.matched_findings, p.matched_reference_bugs, p.recall, p.precision]);

describe("subsetCurve", () => {
  it("restricts the groups of all runs to a subset, by hand", () => {
    // Runs {1, 2}: reported in 2, 2, 1, 1, 0, 1 of them. n = 1 keeps five (A, B, C matched), n = 2 the first two.
    expect(ratios(subsetCurve(groups, [0, 1], 4))).toEqual([
      [1, "union", 5, 3, 3, 0.75, 0.6],
      [2, "intersection", 2, 2, 2, 0.5, 1],
    ]);
    // Runs {1, 3}: 2, 1, 1, 1, 1, 0. Only the first is in both.
    expect(ratios(subsetCurve(groups, [0, 2], 4))).toEqual([
      [1, "union", 5, 3, 3, 0.75, 0.6],
      [2, "intersection", 1, 1, 1, 0.25, 1],
    ]);
    // Runs {2, 3}: 2, 1, 2, 0, 1, 1. The C group leaves; the unmatched {2, 3} group stays to the intersection.
    expect(ratios(subsetCurve(groups, [1, 2], 4))).toEqual([
      [1, "union", 5, 2, 2, 0.5, 0.4],
      [2, "intersection", 2, 1, 1, 0.25, 0.5],
    ]);
    // All three runs: the main curve.
    expect(ratios(subsetCurve(groups, [0, 1, 2], 4))).toEqual([
      [1, "union", 6, 3, 3, 0.75, 0.5],
      [2, "at least 2 of 3", 3, 2, 2, 0.5, 2 / 3],
      [3, "intersection", 1, 1, 1, 0.25, 1],
    ]);
  });

  it("counts a reference bug up to the most runs of the subset reporting a group that matches it", () => {
    const split: RunGroup[] = [
      { runs: [0], references: ["A"] },
      { runs: [1, 2], references: ["A"] },
    ];
    expect(ratios(subsetCurve(split, [0, 1], 1))).toEqual([
      [1, "union", 2, 2, 1, 1, 1],
      [2, "intersection", 0, 0, 0, 0, null],
    ]);
  });
});

describe("chooseRunSubsets", () => {
  it("takes every subset of 2..k-1 runs up to six runs", () => {
    expect(chooseRunSubsets(2)).toEqual({ subsets: [], sampled: false });
    expect(chooseRunSubsets(3).subsets).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(chooseRunSubsets(4).subsets).toHaveLength(6 + 4);
    expect(chooseRunSubsets(6).sampled).toBe(false);
    expect(chooseRunSubsets(6).subsets).toHaveLength(15 + 20 + 15 + 6);
  });

  it("draws the paper's prefixes, runs 1-2 and 1-5, among the sampled subsets", () => {
    const { subsets } = chooseRunSubsets(10);
    expect(subsets.filter(isPaperPrefix)).toEqual([
      [0, 1],
      [0, 1, 2, 3, 4],
    ]);
    expect(isPaperPrefix([0, 2])).toBe(false);
    expect(isPaperPrefix([0, 1, 2])).toBe(false);
  });

  it("samples ten distinct subsets a size beyond 60, the same every time", () => {
    const { subsets, sampled } = chooseRunSubsets(10);
    expect(sampled).toBe(true);
    // Sizes 2..8 sampled, the ten subsets of nine runs all taken.
    expect(subsets).toHaveLength(8 * 10);
    for (let size = 2; size <= 9; size++) {
      const ofSize = subsets.filter((s) => s.length === size);
      expect(new Set(ofSize.map((s) => s.join(","))).size).toBe(10);
      for (const s of ofSize)
        expect(s.every((run, i) => run >= 0 && run < 10 && (i === 0 || run > s[i - 1]!))).toBe(true);
    }
    expect(chooseRunSubsets(10)).toEqual({ subsets, sampled });
    // Seven runs: 119 subsets, so sampled; the seven of six runs all kept.
    expect(chooseRunSubsets(7).subsets).toHaveLength(4 * 10 + 7);
  });
});

describe("fullSetDifference", () => {
  const stored = {
    curve: [
      { n: 1, findings: 6, matched_findings: 3, matched_reference_bugs: 3 },
      { n: 2, findings: 3, matched_findings: 2, matched_reference_bugs: 2 },
      { n: 3, findings: 1, matched_findings: 1, matched_reference_bugs: 1 },
    ],
    // Exactly 1 run: C (matched), {3}, {2}; exactly 2: B (matched), {2, 3}; exactly 3: A. Union after run 1: A, B, C.
    spectrum: [
      { n: 1, exactly_matched: 1, exactly_unmatched: 2, union_matched: 3, union_unmatched: 0 },
      { n: 2, exactly_matched: 1, exactly_unmatched: 1, union_matched: 3, union_unmatched: 2 },
      { n: 3, exactly_matched: 1, exactly_unmatched: 0, union_matched: 3, union_unmatched: 3 },
    ],
  };

  it("is null when the groups reproduce the stored curve and spectrum", () => {
    expect(fullSetDifference(groups, 3, 4, stored)).toBeNull();
  });

  it("names the first difference otherwise", () => {
    const merged = [{ runs: [0, 1, 2], references: [] }, ...groups.slice(1)];
    expect(fullSetDifference(merged, 3, 4, stored)).toBe(
      "at n = 1 the stored curve has 3 matched findings, the rebuilt groups 2",
    );
    const spectrum = stored.spectrum.map((p) => (p.n === 2 ? { ...p, union_unmatched: 1 } : p));
    expect(fullSetDifference(groups, 3, 4, { ...stored, spectrum })).toBe(
      "at n = 2 the stored spectrum has 1 union unmatched, the rebuilt groups 2",
    );
  });
});
