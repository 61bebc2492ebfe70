import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  averageRanks,
  boardFigures,
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

describe("boardFigures", () => {
  const reported = { source: "reported" as const, harness: "PROBE full harness", coverage: "full" };
  const cells = (a: [number, number], b: [number, number], c?: [number, number]) => ({
    A: { recall: a[0], precision: a[1] },
    B: { recall: b[0], precision: b[1] },
    ...(c ? { C: { recall: c[0], precision: c[1] } } : {}),
  });
  const entries = [
    {
      ...reported,
      id: "e1",
      label: "one",
      recall: 0.1,
      findings: 100,
      repositories: cells([0.1, 0.5], [0.2, 0.4], [0.3, 0.3]),
    },
    {
      ...reported,
      id: "e2",
      label: "two",
      recall: 0.2,
      findings: 200,
      repositories: cells([0.2, 0.5], [0.1, 0.4], [0.3, 0.3]),
    },
    { ...reported, id: "e3", label: "three", recall: 0.3, findings: 400, repositories: cells([0.1, 0.5], [0.2, 0.4]) },
    // Another harness and a subset stay out.
    { ...reported, id: "v", label: "vanilla", harness: "Vanilla", recall: 0.01, findings: 5000, repositories: {} },
    { ...reported, id: "s", label: "subset", coverage: "five", recall: 0.5, findings: 10, repositories: {} },
  ];
  const repositories = [
    { name: "A", bugs: 30 },
    { name: "B", bugs: 20 },
    { name: "C", bugs: 10 },
  ];

  it("matches hand-computed r, ρ and W over Table 3's kind of entry", () => {
    const figures = boardFigures(entries, repositories);
    expect(figures.entries.map((e) => e.id)).toEqual(["e1", "e2", "e3"]);
    // Recall - 0.2 = -0.1, 0, 0.1; findings - 700/3: Sxy = 30, Sxx = 0.02, Syy = 140000/3.
    expect(figures.recallFindings.n).toBe(3);
    expect(figures.recallFindings.r).toBeCloseTo(30 / Math.sqrt(2800 / 3), 12);
    // Mean recall A 0.4/3, B 0.5/3, C 0.3 against 30, 20, 10 bugs: opposite orders.
    expect(figures.bugsRecall).toEqual({ rho: expect.closeTo(-1, 12), n: 3 });
    // Every rater covers A and B only (e3 lacks C). Recall ranks (1,2), (2,1), (1,2): sums 4, 5, S = 0.5,
    // W = 12 * 0.5 / (9 * 6). Precision: A above B for all three: W = 1.
    expect(figures.concordanceRepositories).toEqual(["A", "B"]);
    expect(figures.concordanceEntries).toBe(3);
    expect(figures.recallConcordance!.w).toBeCloseTo(6 / 54, 12);
    expect(figures.precisionConcordance!.w).toBeCloseTo(1, 12);
  });

  it("gives the paper's inputs' figures (the data file's Table 3 rows and 6 of Tables 12-13's 20 repositories)", () => {
    type Config = {
      model: string;
      reasoning_effort: string;
      harness: string;
      subset: string;
      recall: number;
      findings?: number;
      per_repository?: Record<string, { recall: number; precision: number }>;
    };
    const file = JSON.parse(readFileSync("data/probe-reported.json", "utf8")) as {
      configurations: Config[];
      benchmark: { repositories: { name: string; bugs: number; mean_recall?: number }[] };
    };
    const board = file.configurations.map((c, i) => ({
      id: String(i),
      label: `${c.model} ${c.reasoning_effort}`,
      source: "reported" as const,
      harness: c.harness,
      coverage: c.subset,
      recall: c.recall / 100,
      findings: c.findings ?? null,
      repositories: Object.fromEntries(
        Object.entries(c.per_repository ?? {}).map(([repo, cell]) => [
          repo,
          { recall: cell.recall / 100, precision: cell.precision / 100 },
        ]),
      ),
    }));
    const figures = boardFigures(board, file.benchmark.repositories);
    expect(figures.recallFindings).toEqual({ r: expect.closeTo(0.926, 3), n: 11 });
    // Tables 12-13's 14 configurations rank the six repositories the data file holds cells for.
    expect(figures.concordanceEntries).toBe(14);
    expect(figures.concordanceRepositories).toHaveLength(6);
    expect(figures.recallConcordance!.w).toBeCloseTo(0.922, 3);
    expect(figures.precisionConcordance!.w).toBeCloseTo(0.832, 3);
    // ρ over the six repositories with cells, from the rows' own cells (the data file's Mean column averages 14).
    expect(figures.bugsRecall.n).toBe(6);
    expect(figures.bugsRecall.rho).toBeCloseTo(-0.829, 3);
    // The published Mean column over the same six gives the same ranking here.
    const published = file.benchmark.repositories.filter((r) => r.mean_recall !== undefined);
    expect(
      spearman(
        published.map((r) => r.bugs),
        published.map((r) => r.mean_recall!),
      ),
    ).toBeCloseTo(-0.829, 3);
  });
});
