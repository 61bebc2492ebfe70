import { describe, expect, it } from "vitest";
import { buildDatasheet, fixPositions, type DatasheetInput } from "./build-datasheet";
import { fixCalendar, monthsBetween, windowMonths } from "./fix-calendar";
import { pipelineStages } from "./pipeline-table";

const benchmark = {
  key: "b@1",
  slug: "b",
  version: "1",
  name: "B",
  snapshot_date: "2025-01-01",
  reference_window_end: "2025-04-01",
};

function repo(over: Partial<DatasheetInput["repositories"][number]> = {}): DatasheetInput["repositories"][number] {
  return {
    name: "o/a",
    language: "python",
    domain: null,
    tests: null,
    commits: null,
    fixCommits: null,
    bugs: 2,
    bugFixCommits: [null, null],
    plan: null,
    ...over,
  };
}

describe("datasheet", () => {
  it("Table 1: the paper's stage changes", () => {
    const stages = pipelineStages({
      commits: 13_254,
      bug_fix_commits: 4_296,
      candidate_bugs: 4_763,
      anchored_candidates: 3_345,
      present_candidates: 2_501,
      deduplicated_bugs: 2_457,
    });
    expect(stages.map((s) => (s.change_pct === null ? null : Number(s.change_pct.toFixed(1))))).toEqual([
      null,
      -67.6,
      10.9,
      -29.8,
      -25.2,
      -1.8,
    ]);
  });

  it("Figure 10: months of the window, shares against uniform, rows normalised to 100%", () => {
    expect(windowMonths("2025-01-01", "2026-07-01")).toHaveLength(18);
    expect(monthsBetween("2025-01-01", "2026-07-01")).toBe(18);
    const calendar = fixCalendar(windowMonths("2025-01-01", "2025-04-01"), [
      { repo: "a", dates: ["2025-01-05T00:00:00Z", "2025-01-09T00:00:00Z", "2025-03-01T00:00:00Z"] },
      { repo: "b", dates: ["2025-02-01T00:00:00Z", "2025-07-01T00:00:00Z"] },
    ]);
    expect(calendar.months).toEqual(["2025-01", "2025-02", "2025-03"]);
    expect(calendar.uniform_pct).toBeCloseTo(100 / 3);
    expect(calendar.fix_commits).toBe(4);
    expect(calendar.outside_window).toBe(1);
    expect(calendar.shares_pct).toEqual([50, 25, 25]);
    expect(calendar.repositories[0]!.shares_pct.map((v) => Number(v.toFixed(2)))).toEqual([66.67, 0, 33.33]);
    expect(calendar.repositories[1]!.shares_pct).toEqual([0, 100, 0]);
  });

  it("§A.3: positions from the ordered fix commits, half-integers, bugs of one commit together", () => {
    const { positions, unpositioned } = fixPositions([
      repo({
        fixCommits: [
          { sha: "aaa1111", date: "2025-01-02T00:00:00Z" },
          { sha: "bbb2222", date: "2025-01-03T00:00:00Z" },
          { sha: "ccc3333", date: "2025-01-04T00:00:00Z" },
        ],
        bugFixCommits: ["ccc3333", "aaa1111", "aaa1111", null],
      }),
      repo({ name: "o/b", bugFixCommits: ["ddd4444"] }),
    ]);
    expect(positions).toEqual([{ repo: "o/a", window: 3, positions: [2.5, 0.5, 0.5] }]);
    expect(unpositioned).toBe(2);
  });

  it("says which parts are missing and which field provides them", () => {
    const sheet = buildDatasheet(
      {
        benchmark: { ...benchmark, reference_window_end: null },
        pipeline: null,
        referenceBugs: 2,
        repositories: [repo()],
        reported: null,
      },
      "h",
      "2026-01-01T00:00:00Z",
    );
    expect(sheet.pipeline).toBeNull();
    expect(sheet.calendar).toBeNull();
    expect(sheet.bug_pool).toBeNull();
    expect(sheet.missing.map((m) => `${m.part}: ${m.field}`)).toEqual([
      "Table 1: pipeline",
      "Table 6: the repository's snapshot (npx probebench snapshot import)",
      "Table 6: repositories[].tests",
      "Table 6: repositories[].commits",
      "Table 6: repositories[].fix_commits",
      "Figure 10: repositories[].fix_commits",
      "Tables 8-9, Figure 3: repositories[].fix_commits",
    ]);
    expect(sheet.repositories[0]!.tests).toEqual({ value: null, missing: "repositories[].tests" });
  });
});
