import { describe, expect, it } from "vitest";
import { dataAsOf, publicPeriodsOf, rankHistory } from "./history";
import type { LeaderboardData, LeaderboardEntry } from "./types";
import { leaderboardEntry } from "../../tests/support/leaderboard-entry";

const at = (day: string) => new Date(`${day}T12:00:00.000Z`);

function entry(id: string, f1: number, periods: LeaderboardEntry["publicPeriods"]): LeaderboardEntry {
  const score = {
    recall: f1,
    precision: f1,
    f1,
    matched_reference_bugs: null,
    reference_bugs: null,
    matched_findings: null,
    findings: null,
  };
  return leaderboardEntry(id, { publicPeriods: periods, overall: score });
}

const open = (day: string) => [{ from: at(day).toISOString(), to: null }];

describe("board history", () => {
  it("counts an entry from each approval to the rejection after it, falling back to its scoring", () => {
    expect(publicPeriodsOf([], at("2026-01-02"))).toEqual(open("2026-01-02"));
    const periods = publicPeriodsOf(
      [
        { action: "approve", at: at("2026-01-03") },
        { action: "reject", at: at("2026-01-05") },
        { action: "approve", at: at("2026-01-08") },
      ],
      at("2026-01-01"),
    );
    expect(periods).toEqual([
      { from: at("2026-01-03").toISOString(), to: at("2026-01-05").toISOString() },
      ...open("2026-01-08"),
    ]);
  });

  it("shows the entries on the board at the end of a day, and an entry's rank on each day the board changed", () => {
    const data = {
      entries: [
        entry("a", 0.3, open("2026-01-01")),
        // On the board on the 3rd and 4th, off on the 5th, back on the 8th.
        entry("b", 0.5, [
          { from: at("2026-01-03").toISOString(), to: at("2026-01-05").toISOString() },
          ...open("2026-01-08"),
        ]),
        entry("c", 0.4, open("2026-01-06")),
      ],
      repositories: [],
      languages: [],
    } as unknown as LeaderboardData;
    expect(dataAsOf(data, "2025-12-31").entries).toEqual([]);
    expect(dataAsOf(data, "2026-01-03").entries.map((e) => e.id)).toEqual(["a", "b"]);
    expect(dataAsOf(data, "2026-01-05").entries.map((e) => e.id)).toEqual(["a"]);
    expect(dataAsOf(data, "2026-01-09").entries.map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(rankHistory(data, "a")).toEqual([
      { date: "2026-01-01", rank: 1, ranked: 1 },
      { date: "2026-01-03", rank: 2, ranked: 2 },
      { date: "2026-01-05", rank: 1, ranked: 1 },
      { date: "2026-01-06", rank: 2, ranked: 2 },
      { date: "2026-01-08", rank: 3, ranked: 3 },
    ]);
    expect(rankHistory(data, "b")).toEqual([
      { date: "2026-01-03", rank: 1, ranked: 2 },
      { date: "2026-01-05", rank: null, ranked: 1 },
      { date: "2026-01-06", rank: null, ranked: 2 },
      { date: "2026-01-08", rank: 1, ranked: 3 },
    ]);
    expect(rankHistory(data, "nobody")).toEqual([]);
  });
});
