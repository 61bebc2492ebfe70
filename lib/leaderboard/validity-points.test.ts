import { describe, expect, it } from "vitest";
import type { PanelValidity } from "./types";
import { leaderboardEntry } from "../../tests/support/leaderboard-entry";
import type { StoredScore } from "../scoring/types";
import { validityOverPrecision } from "./validity-points";

const score = (matched: number, findings: number): StoredScore => ({
  recall: null,
  precision: matched / findings,
  f1: null,
  matched_reference_bugs: null,
  reference_bugs: null,
  matched_findings: matched,
  findings,
});
const panel = (confirmed: number, rejected: number): PanelValidity => ({
  confirmed,
  rejected,
  abstained: 0,
  validity: confirmed / (confirmed + rejected),
  interval: [0.5, 0.9],
  basis: "repository_checked",
  textOnly: 0,
  textOnlyValidity: null,
  textOnlyInterval: null,
  checkedShare: null,
  wholeValidity: null,
  wholeInterval: null,
  sampled: confirmed + rejected,
  graded: null,
});

describe("validityOverPrecision (Figure 5)", () => {
  it("puts repeated runs' first run on the precision axis, with Clopper-Pearson intervals", () => {
    const points = validityOverPrecision([
      leaderboardEntry("single", { panel: panel(9, 1), overall: score(10, 100) }),
      leaderboardEntry("repeated", {
        runs: 3,
        panel: panel(8, 2),
        overall: score(30, 150), // mean over runs: 20%
        runScores: [
          { overall: score(5, 50), repositories: {} },
          { overall: score(25, 100), repositories: {} },
        ],
      }),
      leaderboardEntry("no-panel", { overall: score(1, 2) }),
      leaderboardEntry("subset", { coverage: "opus-5-subset", panel: panel(1, 1), overall: score(1, 2) }),
    ]);
    expect(points.map((p) => p.id)).toEqual(["repeated", "single"]);
    const [repeated, single] = points;
    // First run: 5 / 50 = 10%, not the mean 20%.
    expect(repeated).toMatchObject({ precision: 0.1, precision_basis: "first_run", validity: 0.8 });
    expect(single).toMatchObject({ precision: 0.1, precision_basis: "single_run", validity: 0.9 });
    // Clopper-Pearson for 0 of n has lower bound 0; for 10 of 100 it is about [0.049, 0.176].
    expect(single!.precision_ci![0]).toBeCloseTo(0.049, 3);
    expect(single!.precision_ci![1]).toBeCloseTo(0.1762, 3);
  });

  it("uses a reported repeated entry's published mean, marked as such", () => {
    const [point] = validityOverPrecision([
      leaderboardEntry("rep", { source: "reported", runs: 10, panel: panel(85, 10), overall: score(8, 100) }),
    ]);
    expect(point).toMatchObject({ precision_basis: "mean_of_runs", source: "reported" });
  });
});
