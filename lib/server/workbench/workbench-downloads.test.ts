import { describe, expect, it } from "vitest";
import type { SubmissionComparison } from "./compare-submissions";
import type { RepositoryBugs } from "./repository-bugs";
import { comparisonCsv, repositoryBugsCsv } from "./workbench-downloads";

describe("workbench downloads", () => {
  it("writes reference bugs with found_by, leaving hidden details empty", () => {
    const view = {
      benchmark: "probe@1",
      bugs: [
        {
          id: "B1",
          repo: "a/x",
          file: "x.py",
          line_start: 3,
          line_end: 4,
          title: "=cmd, with comma",
          description: "",
          code_snippet: "",
          suggested_fix: null,
          severity: "high",
          category: "c",
          trigger: null,
          found_by: 1,
          configurations: 4,
          found_by_share: 0.25,
        },
        {
          id: "B2",
          repo: "a/x",
          severity: null,
          category: null,
          trigger: null,
          hidden: true as const,
          found_by: 0,
          configurations: 4,
          found_by_share: 0,
        },
      ],
    } as unknown as RepositoryBugs;
    expect(repositoryBugsCsv(view).split("\r\n")).toEqual([
      "benchmark,repo,reference_bug_id,title,file,line_start,line_end,severity,category,trigger,found_by,configurations,found_by_share",
      // A leading = is neutralised for spreadsheets; commas are quoted.
      `probe@1,a/x,B1,"'=cmd, with comma",x.py,3,4,high,c,,1,4,0.25`,
      "probe@1,a/x,B2,,,,,,,,0,4,0",
      "",
    ]);
  });

  it("writes the comparison one reference bug a row, grouped both / only a / only b / neither", () => {
    const c = {
      benchmark: "probe@1",
      repo: "a/x",
      both: ["B2"],
      only_a: ["B1"],
      only_b: [],
      neither: ["B3"],
      titles: { B1: "one" },
    } as unknown as SubmissionComparison;
    expect(comparisonCsv(c).split("\r\n")).toEqual([
      "benchmark,repo,reference_bug_id,found_by,title",
      "probe@1,a/x,B2,both,",
      "probe@1,a/x,B1,only_a,one",
      "probe@1,a/x,B3,neither,",
      "",
    ]);
  });
});
