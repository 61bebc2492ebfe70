import { describe, expect, it } from "vitest";
import { compareEntrySets, overlapPairs } from "./compare-entries";

describe("compareEntrySets", () => {
  it("splits reference bugs into found by all, only by one, and by none; bugs two of three found are in neither list", () => {
    const all = ["B1", "B2", "B3", "B4", "B5"];
    const found = [new Set(["B1", "B2", "B3"]), new Set(["B1", "B3"]), new Set(["B1", "B4"])];
    expect(compareEntrySets(all, found)).toEqual({
      found_by_all: ["B1"],
      only: [["B2"], [], ["B4"]],
      found_by_none: ["B5"],
    });
  });
});

describe("overlapPairs", () => {
  it("counts the bugs each pair both found and their Jaccard index, null when neither found any", () => {
    const found = [new Set(["B1", "B2", "B3"]), new Set(["B2", "B3", "B4"]), new Set<string>(), new Set<string>()];
    expect(overlapPairs(found)).toEqual([
      { a: 0, b: 1, both: 2, jaccard: 0.5 },
      { a: 0, b: 2, both: 0, jaccard: 0 },
      { a: 0, b: 3, both: 0, jaccard: 0 },
      { a: 1, b: 2, both: 0, jaccard: 0 },
      { a: 1, b: 3, both: 0, jaccard: 0 },
      { a: 2, b: 3, both: 0, jaccard: null },
    ]);
  });
});
