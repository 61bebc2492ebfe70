import { describe, expect, it } from "vitest";
import {
  crossConfigurationDistances,
  distanceMatrix,
  jensenShannonDistance,
  runDistances,
  summariseDistances,
  type CategoryCounts,
} from "./bug-type-distance";

describe("jensenShannonDistance", () => {
  it("is 0 for proportional counts and 1 for disjoint supports", () => {
    expect(jensenShannonDistance({ a: 2, b: 6 }, { a: 1, b: 3 })).toBeCloseTo(0, 12);
    expect(jensenShannonDistance({ a: 5 }, { b: 7 })).toBeCloseTo(1, 12);
  });

  it("matches a hand-computed value", () => {
    // P = (1/2, 1/2), Q = (1, 0), M = (3/4, 1/4):
    // JSD = 1/2 [1/2 log2(2/3) + 1/2 log2(2)] + 1/2 [log2(4/3)] = 1/2 [1/2 (1 - log2 3) + 1/2] + 1/2 (2 - log2 3)
    //     = 1.5 - 0.75 log2 3 = 0.311278...  ->  distance = 0.557923...
    const expected = Math.sqrt(1.5 - 0.75 * Math.log2(3));
    expect(jensenShannonDistance({ x: 3, y: 3 }, { x: 10 })).toBeCloseTo(expected, 12);
    expect(expected).toBeCloseTo(0.557923, 6);
    // The same divergence in nats is ln 2 times the one in bits, so scipy's natural-log distance is sqrt(ln 2) =
    // 0.8326 times this one (the factor docs/analyses.md and the API state), not 1/sqrt(ln 2) = 1.2011.
    const natural = Math.sqrt(
      0.5 * (0.5 * Math.log(0.5 / 0.75) + 0.5 * Math.log(0.5 / 0.25)) + 0.5 * Math.log(1 / 0.75),
    );
    expect(natural / expected).toBeCloseTo(Math.sqrt(Math.LN2), 12);
    expect(Math.sqrt(Math.LN2)).toBeCloseTo(0.8326, 4);
  });

  it("matches a three-category hand-computed value and leaves categories absent from both out", () => {
    // P = (.5, .25, .25), Q = (.25, .25, .5), M = (.375, .25, .375):
    // JSD = 2 * [1/2 (.5 log2(.5/.375) + .25 log2(.25/.375))] = .5 log2(4/3) + .25 log2(2/3) = 0.061278...
    const expected = Math.sqrt(0.5 * Math.log2(4 / 3) + 0.25 * Math.log2(2 / 3));
    const value = jensenShannonDistance({ a: 2, b: 1, c: 1, z: 0 }, { a: 1, b: 1, c: 2, z: 0 }, [
      "a",
      "b",
      "c",
      "z",
      "never",
    ]);
    expect(value).toBeCloseTo(expected, 12);
    expect(expected).toBeCloseTo(0.24754, 4);
  });

  it("has no value for an empty distribution, and the matrix is symmetric", () => {
    expect(jensenShannonDistance({}, { a: 1 })).toBeNull();
    const matrix = distanceMatrix([
      { key: "p", label: "P", counts: { x: 3, y: 3 } },
      { key: "q", label: "Q", counts: { x: 10 } },
    ]);
    expect(matrix[0]![0]).toBe(0);
    expect(matrix[0]![1]).toBeCloseTo(matrix[1]![0]!, 15);
  });
});

describe("runDistances", () => {
  // Runs (3, 3), (10, 0), (1, 1) over x, y: run 1 and run 3 are proportional (0), each against run 2 is
  // sqrt(1.5 - 0.75 log2 3) = 0.557923 (the hand-computed case above).
  const d = Math.sqrt(1.5 - 0.75 * Math.log2(3));
  const runs: CategoryCounts[] = [{ x: 3, y: 3 }, { x: 10 }, { x: 1, y: 1 }];

  it("summarises every unordered pair of runs once, and the reference against each run", () => {
    const result = runDistances({ y: 4 }, runs);
    expect(result.runToRun!.n).toBe(3);
    expect(result.runToRun!.min).toBeCloseTo(0, 12);
    expect(result.runToRun!.max).toBeCloseTo(d, 12);
    expect(result.runToRun!.mean).toBeCloseTo((2 * d) / 3, 12);
    // Reference (0, 1): against (1/2, 1/2) the same 0.557923 by symmetry, against (1, 0) disjoint: 1.
    expect(result.referenceToRuns!.n).toBe(3);
    expect(result.referenceToRuns!.min).toBeCloseTo(d, 12);
    expect(result.referenceToRuns!.max).toBeCloseTo(1, 12);
    expect(result.referenceToRuns!.mean).toBeCloseTo((2 * d + 1) / 3, 12);
  });

  it("has no run-to-run distance for one run, and leaves empty runs out", () => {
    expect(runDistances({ x: 1 }, [{ x: 3, y: 3 }]).runToRun).toBeNull();
    const withEmpty = runDistances(null, [{ x: 3, y: 3 }, {}, { x: 10 }]);
    expect(withEmpty.runToRun).toMatchObject({ n: 1 });
    expect(withEmpty.runToRun!.mean).toBeCloseTo(d, 12);
    expect(withEmpty.referenceToRuns).toBeNull();
    expect(summariseDistances([null])).toBeNull();
  });
});

describe("crossConfigurationDistances", () => {
  const d = Math.sqrt(1.5 - 0.75 * Math.log2(3));
  it("summarises the pairs of runs of different configurations apart from those within one", () => {
    // Configuration A: (3, 3) and (10, 0); B: (1, 1); C: (0, 4). Within: A's pair, d. Across: A1-B 0, A2-B d, A1-C d,
    // A2-C 1 (disjoint), B-C d.
    const result = crossConfigurationDistances([[{ x: 3, y: 3 }, { x: 10 }], [{ x: 1, y: 1 }], [{ y: 4 }]]);
    expect(result.within).toMatchObject({ n: 1 });
    expect(result.within!.mean).toBeCloseTo(d, 12);
    expect(result.across!.n).toBe(5);
    expect(result.across!.mean).toBeCloseTo((3 * d + 1) / 5, 12);
    expect(result.perConfiguration[0]!.n).toBe(4);
    expect(result.perConfiguration[0]!.mean).toBeCloseTo((2 * d + 1) / 4, 12);
    expect(result.perConfiguration[1]!.mean).toBeCloseTo((0 + d + d) / 3, 12);
    expect(result.perConfiguration[2]!.max).toBeCloseTo(1, 12);
    expect(crossConfigurationDistances([[{ x: 1 }]]).across).toBeNull();
  });
});
