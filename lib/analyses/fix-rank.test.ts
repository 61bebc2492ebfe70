import { describe, expect, it } from "vitest";
import {
  cutoffPosition,
  fixRankPermutationTest,
  fixRankStatistic,
  holmAdjust,
  normaliseFixRanks,
  type DatedBug,
} from "./fix-rank";

const bug = (id: string, repo: string, fixedAt: number): DatedBug => ({ id, repo, fixedAt });

describe("normaliseFixRanks", () => {
  it("ranks within each repository, ties share the mean rank, u = (rank - 0.5) / n", () => {
    const ranks = normaliseFixRanks([
      bug("a3", "A", 2),
      bug("a1", "A", 1),
      bug("a2", "A", 2),
      bug("a4", "A", 3),
      bug("b1", "B", 5),
      bug("b2", "B", 6),
    ]);
    const a = ranks.get("A")!;
    const uOf = (id: string, r = a) => r.u[r.ids.indexOf(id)];
    expect(uOf("a1")).toBeCloseTo(0.125, 12);
    expect(uOf("a2")).toBeCloseTo(0.5, 12); // ranks 2 and 3 share 2.5
    expect(uOf("a3")).toBeCloseTo(0.5, 12);
    expect(uOf("a4")).toBeCloseTo(0.875, 12);
    expect(uOf("b1", ranks.get("B")!)).toBeCloseTo(0.25, 12);
    expect(uOf("b2", ranks.get("B")!)).toBeCloseTo(0.75, 12);
  });
});

describe("fixRankStatistic", () => {
  it("one repository: D is the largest gap of two step CDFs", () => {
    // u = 0.1, 0.3, 0.5, 0.7, 0.9; the two earliest matched: F = .5, 1, 1, 1, 1 against F0 = .2, .4, .6, .8, 1.
    const ranks = normaliseFixRanks([1, 2, 3, 4, 5].map((t) => bug(`x${t}`, "X", t)));
    const result = fixRankStatistic(ranks, new Set(["x1", "x2"]));
    expect(result.d).toBeCloseTo(0.6, 12);
    expect(result.at).toBeCloseTo(0.3, 12);
    expect(result.matched).toBe(2);
  });

  it("several repositories with ties: the null weights each repository by its matched share", () => {
    // A: u = .125, .5, .5, .875 (a2, a3 tied); B: u = .25, .75. Matched a1, a2, b2: M = 3, m_A = 2, m_B = 1.
    // F  at .125, .25, .5, .75, .875 = 1/3, 1/3, 2/3, 1, 1
    // F0 = 2/3 F_A + 1/3 F_B        = 1/6, 1/3, 2/3, 5/6, 1   ->  D = 1/6 (first at u = .125)
    const ranks = normaliseFixRanks([
      bug("a1", "A", 1),
      bug("a2", "A", 2),
      bug("a3", "A", 2),
      bug("a4", "A", 3),
      bug("b1", "B", 5),
      bug("b2", "B", 6),
    ]);
    const result = fixRankStatistic(ranks, new Set(["a1", "a2", "b2"]));
    expect(result.d).toBeCloseTo(1 / 6, 12);
    expect(result.at).toBeCloseTo(0.125, 12);
    const at = (x: number) => result.cdf.find((p) => Math.abs(p.x - x) < 1e-9)!;
    expect(at(0.5).observed).toBeCloseTo(2 / 3, 12);
    expect(at(0.5).expected).toBeCloseTo(2 / 3, 12);
    expect(at(0.8).expected).toBeCloseTo(5 / 6, 12);
    expect(at(1).observed).toBe(1);
  });

  it("ignores repositories without matched bugs (they are not part of the null)", () => {
    const bugs = [bug("x1", "X", 1), bug("x2", "X", 2), bug("y1", "Y", 1), bug("y2", "Y", 2), bug("y3", "Y", 3)];
    const result = fixRankStatistic(normaliseFixRanks(bugs), new Set(["x1"]));
    // Only X: u = .25, .75; F = 1, 1 against F0 = .5, 1.
    expect(result.d).toBeCloseTo(0.5, 12);
  });
});

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

describe("fixRankPermutationTest", () => {
  const bugs = [
    bug("a1", "A", 1),
    bug("a2", "A", 2),
    bug("a3", "A", 2),
    bug("a4", "A", 4),
    bug("a5", "A", 5),
    bug("a6", "A", 6),
    bug("b1", "B", 1),
    bug("b2", "B", 3),
    bug("b3", "B", 4),
    bug("b4", "B", 8),
    bug("b5", "B", 9),
  ];
  const ranks = normaliseFixRanks(bugs);
  const matched = new Set(["a1", "a2", "a4", "b1", "b2"]);

  it("agrees with exact enumeration of every within-repository relabelling, within Monte-Carlo error", () => {
    const observed = fixRankStatistic(ranks, matched).d;
    const a = bugs.filter((b) => b.repo === "A").map((b) => b.id);
    const b = bugs.filter((b) => b.repo === "B").map((b) => b.id);
    let atLeast = 0;
    let total = 0;
    for (const fromA of combinations(a, 3))
      for (const fromB of combinations(b, 2)) {
        total++;
        if (fixRankStatistic(ranks, new Set([...fromA, ...fromB])).d >= observed - 1e-12) atLeast++;
      }
    expect(total).toBe(200);
    const exact = atLeast / total;
    const permutations = 20_000;
    const test = fixRankPermutationTest(ranks, matched, { permutations, seed: 7 });
    const standardError = Math.sqrt((exact * (1 - exact)) / permutations);
    expect(Math.abs(test.p - exact)).toBeLessThan(4 * standardError + 1 / permutations);
    expect(test.d).toBeCloseTo(observed, 12);
  });

  it("is reproducible from its seed, and p is never 0", () => {
    const first = fixRankPermutationTest(ranks, matched, { permutations: 500, seed: 3 });
    const again = fixRankPermutationTest(ranks, matched, { permutations: 500, seed: 3 });
    expect(again.p).toBe(first.p);
    expect(first.p).toBeGreaterThanOrEqual(1 / 501);
    expect(first).toMatchObject({ permutations: 500, seed: 3 });
  });
});

describe("holmAdjust", () => {
  it("adjusts a known vector step-down and keeps the input order", () => {
    // sorted .005 x4 = .02, .01 x3 = .03, .03 x2 = .06, .04 x1 = .04 -> monotone .06
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((expected, i) => expect(adjusted[i]).toBeCloseTo(expected, 12));
  });
  it("caps at 1 and handles an empty list", () => {
    expect(holmAdjust([0.5, 0.9])).toEqual([1, 1]);
    expect(holmAdjust([])).toEqual([]);
  });
});

describe("cutoffPosition", () => {
  const window = { from: Date.UTC(2025, 5, 1), to: Date.UTC(2026, 2, 31) };
  it("places month and day cut-offs against the reference window", () => {
    expect(cutoffPosition("2025-08", window)).toBe("inside");
    expect(cutoffPosition("2025-05", window)).toBe("before");
    expect(cutoffPosition("2025-06", window)).toBe("inside"); // the month overlaps the window's first day
    expect(cutoffPosition("2026-04-01", window)).toBe("after");
    expect(cutoffPosition(null, window)).toBe("unknown");
    expect(cutoffPosition("2025-02-30", window)).toBe("unknown");
  });
});
