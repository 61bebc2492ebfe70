import { describe, expect, it } from "vitest";
import { bugTypeDistancesCsv, bugTypeRunDistancesCsv, bugTypesCsv } from "./bug-types-csv";

const benchmark = { slug: "b", version: "1", key: "b@1", name: "B" } as never;

describe("bug-type CSV downloads", () => {
  it("keep a submitter's formula-like label as text", () => {
    const csv = bugTypeDistancesCsv({
      benchmark,
      base: 2,
      categories: ["x"],
      subjects: [
        { key: "ref", label: "Maintainers", kind: "reference", submission_id: null, n: 3 },
        { key: "s1", label: '=HYPERLINK("http://evil.test","x")', kind: "configuration", submission_id: "s1", n: 2 },
      ],
      distances: [
        [0, 0.25],
        [0.25, 0],
      ],
      within_configuration: [],
    });
    expect(csv.split("\r\n")).toEqual([
      "from,from_submission_id,to,to_submission_id,js_distance_base2",
      "Maintainers,,Maintainers,,0",
      `Maintainers,,"'=HYPERLINK(""http://evil.test"",""x"")",s1,0.25`,
      `"'=HYPERLINK(""http://evil.test"",""x"")",s1,Maintainers,,0.25`,
      `"'=HYPERLINK(""http://evil.test"",""x"")",s1,"'=HYPERLINK(""http://evil.test"",""x"")",s1,0`,
      "",
    ]);
  });

  it("write one row per configuration for the distances over runs, empty where there is no distance", () => {
    const csv = bugTypeRunDistancesCsv({
      benchmark,
      base: 2,
      categories: ["x"],
      subjects: [],
      distances: [],
      within_configuration: [
        {
          submission_id: "s1",
          label: "m · high",
          runs: 3,
          run_to_run: { n: 3, mean: 0.1, min: 0.05, max: 0.2 },
          reference_to_runs: { n: 3, mean: 0.3, min: 0.25, max: 0.35 },
        },
        { submission_id: "s2", label: "n", runs: 1, run_to_run: null, reference_to_runs: null },
      ],
    });
    expect(csv.split("\r\n")).toEqual([
      "configuration,submission_id,runs,run_to_run_js_distance_base2_n,run_to_run_js_distance_base2_mean,run_to_run_js_distance_base2_min,run_to_run_js_distance_base2_max,reference_to_runs_js_distance_base2_n,reference_to_runs_js_distance_base2_mean,reference_to_runs_js_distance_base2_min,reference_to_runs_js_distance_base2_max",
      "m · high,s1,3,3,0.1,0.05,0.2,3,0.3,0.25,0.35",
      "n,s2,1,,,,,,,,",
      "",
    ]);
  });

  it("write one row per category and trigger", () => {
    const row = {
      name: "@risky",
      family: "F",
      level: null,
      humanN: 2,
      humanShare: 0.5,
      agentShare: null,
      agentRange: null,
      agentMeanN: 1.5,
      gap: null,
      ratio: null,
    };
    const csv = bugTypesCsv({ benchmark, stored: { categories: [row], triggers: [] } as never, reported: null });
    expect(csv).toBe(
      "source,kind,name,family,level,human_n,human_share,agent_share,agent_min,agent_max,agent_mean_n,gap,ratio\r\nstored,category,'@risky,F,,2,0.5,,,,1.5,,\r\n",
    );
  });
});
