import { describe, expect, it } from "vitest";
import { categoryOverlap, distinctFindingOverlap, groupCategory, groupRunOverlap, median } from "./category-overlap";

const categories = new Map<string, string>([
  ...["a1", "a2", "a3", "a4"].map((id) => [id, "A"] as [string, string]),
  ...Array.from({ length: 10 }, (_, i) => [`b${i + 1}`, "B"] as [string, string]),
  ["c1", "C"],
]);

describe("categoryOverlap", () => {
  it("matches hand-computed overlaps, recalls and their median ratio", () => {
    const result = categoryOverlap(
      [new Set(["a1", "a2", "b1"]), new Set(["a1", "a2", "b1", "b2", "unknown"])],
      categories,
    );
    // A (4 bugs): both runs find a1, a2: recall 1/2, overlap 1, ratio 2.
    expect(result.rows[0]).toEqual({
      category: "A",
      referenceBugs: 4,
      meanFound: 2,
      referenceRecall: 0.5,
      runOverlap: 1,
      pairs: 2,
      ratio: 2,
    });
    // B (10 bugs): {b1} and {b1, b2}: recall (0.1 + 0.2) / 2 = 0.15; overlap (1/1 + 1/2) / 2 = 0.75; ratio 5.
    const b = result.rows[1]!;
    expect(b.referenceRecall).toBeCloseTo(0.15, 12);
    expect(b.runOverlap).toBeCloseTo(0.75, 12);
    expect(b.ratio).toBeCloseTo(5, 12);
    // C: found by no run: no overlap, no ratio.
    expect(result.rows[2]).toMatchObject({ category: "C", meanFound: 0, runOverlap: null, pairs: 0, ratio: null });
    expect(result.medianRatio).toBeCloseTo(3.5, 12);
  });

  it("counts only the pairs whose first run found a bug of the category", () => {
    // Three runs on A: {a1}, {}, {a1, a2}: pairs (0,1) 0, (0,2) 1, (2,0) 1/2, (2,1) 0 -> 1.5 / 4; recall (1 + 0 + 2) / 12.
    const [a] = categoryOverlap([new Set(["a1"]), new Set<string>(), new Set(["a1", "a2"])], categories).rows;
    expect(a!.pairs).toBe(4);
    expect(a!.runOverlap).toBeCloseTo(0.375, 12);
    expect(a!.referenceRecall).toBeCloseTo(0.25, 12);
    expect(a!.ratio).toBeCloseTo(1.5, 12);
  });

  it("needs two runs", () => {
    expect(() => categoryOverlap([new Set(["a1"])], categories)).toThrow(/two runs/);
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("groupRunOverlap", () => {
  it("measures each run's recall of another run's distinct findings within a type, matched or not", () => {
    // Type A: g0 in runs 0, 1; g1 in run 0; g2 in run 1 (twice). G_0 = {g0, g1}, G_1 = {g0, g2}: 1/2 and 1/2.
    // Type B: g3 in run 0 only: G_0 = {g3}, G_1 empty: one ordered pair, 0. g4 unlabelled.
    const { rows, unlabelled } = groupRunOverlap(
      [
        { runs: [0, 1], category: "A" },
        { runs: [0], category: "A" },
        { runs: [1, 1], category: "A" },
        { runs: [0], category: "B" },
        { runs: [1], category: null },
      ],
      2,
    );
    expect(rows).toEqual([
      { category: "A", groups: 3, runOverlap: 0.5, pairs: 2 },
      { category: "B", groups: 1, runOverlap: 0, pairs: 1 },
    ]);
    expect(unlabelled).toBe(1);
    expect(() => groupRunOverlap([{ runs: [2], category: "A" }], 2)).toThrow(/run 2 of 2/);
  });
});

describe("distinctFindingOverlap", () => {
  it("types a group by its findings' most frequent label and divides the overlap by the reference recall", () => {
    const labels = new Map([
      ["f1", "B"],
      ["f2", "A"],
      ["f3", "B"],
      ["f4", "A"],
    ]);
    expect(groupCategory(["f1", "f2", "f3"], labels)).toBe("B");
    // A tie goes to the first name.
    expect(groupCategory(["f1", "f2"], labels)).toBe("A");
    expect(groupCategory(["unlabelled"], labels)).toBeNull();
    const result = distinctFindingOverlap(
      [
        { runs: [0, 1], category: "A" },
        { runs: [0], category: "A" },
        { runs: [1], category: "A" },
        { runs: [0], category: "B" },
        { runs: [0], category: "C" },
      ],
      2,
      new Map([
        ["A", 0.25],
        ["B", 0.5],
      ]),
    );
    // A: overlap 1/2 over recall 1/4: 2. B: overlap 0 over 1/2: 0. C: no reference recall, no ratio.
    expect(result.rows.map((r) => [r.category, r.ratio])).toEqual([
      ["A", 2],
      ["B", 0],
      ["C", null],
    ]);
    expect(result.medianRatio).toBe(1);
    expect(result.unlabelled).toBe(0);
  });
});
