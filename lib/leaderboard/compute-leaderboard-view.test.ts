import { describe, expect, it } from "vitest";
import { clopperPearson } from "../scoring/stats";
import { computeLeaderboardView, poolCells } from "./compute-leaderboard-view";
import { computeRepositoryTables } from "./compute-repository-tables";
import { rankRows } from "./rank-rows";
import type { StoredScore } from "../scoring/types";
import type { LeaderboardData } from "./types";
import { leaderboardEntry } from "../../tests/support/leaderboard-entry";

// Hand-computed cases for the subset recompute: pooled counts, never averaged ratios.
const cell = (
  mr: number | null,
  r: number | null,
  mf: number | null,
  f: number | null,
  published?: Partial<StoredScore>,
): StoredScore => ({
  matched_reference_bugs: mr,
  reference_bugs: r,
  matched_findings: mf,
  findings: f,
  recall: mr !== null && r ? mr / r : null,
  precision: mf !== null && f ? mf / f : null,
  f1: null,
  ...published,
});

const data: LeaderboardData = {
  benchmark: { id: "b", slug: "t", version: "1", name: "T", key: "t@1", snapshotDate: "2025-01-01" },
  repositories: [
    {
      name: "o/a",
      language: "python",
      domain: null,
      snapshotCommit: null,
      referenceBugs: 10,
      referenceBugsListed: true,
    },
    {
      name: "o/b",
      language: "python",
      domain: null,
      snapshotCommit: null,
      referenceBugs: 20,
      referenceBugsListed: true,
    },
    {
      name: "o/c",
      language: "typescript",
      domain: null,
      snapshotCommit: null,
      referenceBugs: 5,
      referenceBugsListed: true,
    },
  ],
  languages: ["python", "typescript"],
  coverages: [],
  published: null,
  comparable: false,
  stamp: "s",
  generatedAt: "",
  entries: [
    leaderboardEntry("single", {
      overall: cell(8, 35, 9, 60),
      repositories: { "o/a": cell(5, 10, 6, 20), "o/b": cell(2, 20, 2, 30), "o/c": cell(1, 5, 1, 10) },
    }),
    leaderboardEntry("repeated", {
      runs: 2,
      overall: cell(6, 35, 6, 40),
      runScores: [
        {
          overall: null,
          repositories: { "o/a": cell(4, 10, 4, 10), "o/b": cell(0, 20, 0, 10), "o/c": cell(1, 5, 1, 5) },
        },
        {
          overall: null,
          repositories: { "o/a": cell(2, 10, 2, 10), "o/b": cell(4, 20, 4, 30), "o/c": cell(0, 5, 0, 5) },
        },
      ],
    }),
    leaderboardEntry("reported", {
      source: "reported",
      // Per-repository finding counts are not published: precision is known per cell but cannot be pooled.
      repositories: {
        "o/a": cell(3, 10, null, null, { precision: 0.2 }),
        "o/b": cell(6, 20, null, null, { precision: 0.1 }),
      },
    }),
  ],
};

describe("computeLeaderboardView", () => {
  it("shows the stored overall row for the whole benchmark", () => {
    const row = computeLeaderboardView(data).rows.find((r) => r.id === "single")!;
    expect(row.recall).toBeCloseTo(8 / 35, 12);
    expect(row.recall_ci).toEqual(clopperPearson(8, 35));
  });

  it("pools counts over a repository subset instead of averaging ratios", () => {
    const row = computeLeaderboardView(data, { repos: ["o/a", "o/b"] }).rows.find((r) => r.id === "single")!;
    expect(row.recall).toBeCloseTo(7 / 30, 12); // the mean of ratios would be (0.5 + 0.1) / 2 = 0.3
    expect(row.precision).toBeCloseTo(8 / 50, 12);
    expect(row.f1).toBeCloseTo((2 * (7 / 30) * (8 / 50)) / (7 / 30 + 8 / 50), 12);
    expect([row.matched_reference_bugs, row.reference_bugs, row.matched_findings, row.findings]).toEqual([
      7, 30, 8, 50,
    ]);
  });

  it("pools a repeated-run entry run by run, then takes the mean and the range", () => {
    const view = computeLeaderboardView(data, { language: "python" });
    const row = view.rows.find((r) => r.id === "repeated")!;
    // run 1: 4/30 recall, 4/20 precision; run 2: 6/30, 6/40
    expect(row.recall).toBeCloseTo((4 / 30 + 6 / 30) / 2, 12);
    expect(row.precision).toBeCloseTo((4 / 20 + 6 / 40) / 2, 12);
    expect(row.range!.recall).toEqual({ min: 4 / 30, max: 6 / 30 });
    expect(view.scope_reference_bugs).toBe(30);
  });

  it("never pools unpublished counts as zeros, and marks entries missing a repository as incomplete", () => {
    const python = computeLeaderboardView(data, { repos: ["o/a", "o/b"] }).rows.find((r) => r.id === "reported")!;
    expect(python.recall).toBeCloseTo(9 / 30, 12);
    expect(python.precision).toBeNull();
    expect(python.precision_ci).toBeNull();
    const withTs = computeLeaderboardView(data, { repos: ["o/a", "o/c"] }).rows.find((r) => r.id === "reported")!;
    expect(withTs).toMatchObject({ complete: false, recall: null, precision: null });
    const one = computeLeaderboardView(data, { repos: ["o/b"] }).rows.find((r) => r.id === "reported")!;
    expect(one.precision).toBe(0.1); // a single repository shows its published cell
  });

  it("ignores unknown repositories and languages in the scope", () => {
    expect(computeLeaderboardView(data, { repos: ["x/y"], language: "cobol" }).scope).toEqual({
      repos: [],
      language: null,
    });
  });
});

describe("poolCells", () => {
  it("is null when a cell is missing", () => {
    expect(poolCells([cell(1, 2, 1, 2), undefined])).toBeNull();
  });
});

describe("rankRows", () => {
  it("ranks by F1 and marks neighbours whose recall and precision intervals both overlap", () => {
    const row = (id: string, f1: number | null, r: [number, number], p: [number, number]) => ({
      id,
      f1,
      recall: f1,
      recall_ci: r,
      precision_ci: p,
    });
    const ranks = rankRows([
      row("a", 0.3, [0.2, 0.4], [0.2, 0.4]),
      row("b", 0.28, [0.3, 0.5], [0.35, 0.45]),
      row("c", 0.1, [0.05, 0.1], [0.3, 0.5]),
      row("d", null, [0, 1], [0, 1]),
    ]);
    expect(ranks.get("a")).toEqual({ rank: 1, tiedWithRank: null });
    expect(ranks.get("b")).toEqual({ rank: 2, tiedWithRank: 1 });
    expect(ranks.get("c")).toEqual({ rank: 3, tiedWithRank: null }); // recall intervals do not overlap
    expect(ranks.get("d")).toEqual({ rank: null, tiedWithRank: null });
  });
});

describe("computeRepositoryTables", () => {
  it("pools language rows over the listed repositories and averages the Mean column over full-coverage entries", () => {
    const tables = computeRepositoryTables(data);
    const python = tables.groups.find((g) => g.language === "python")!;
    expect(python.pooled.cells.single!.recall).toBeCloseTo(7 / 30, 12);
    expect(python.pooled.cells.reported!.precision).toBeNull();
    const a = python.rows.find((r) => r.key === "o/a")!;
    expect(a.meanRecall).toBeCloseTo((0.5 + 0.3) / 2, 12);
  });
});
