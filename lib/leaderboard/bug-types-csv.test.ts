import { describe, expect, it } from "vitest";
import { bugTypeDistancesCsv, bugTypeRunDistancesCsv, bugTypesCsv } from "./bug-types-csv";

const benchmark = { slug: "b", version: "1", key: "b@1", name: "B" } as never;
const classifier = {
  kind: "classifier" as const,
  key: "m~aaaa~bbbb",
  model: "m",
  prompt_hash: "aaaa",
  taxonomy_hash: "bbbb",
  description: "classifier m",
};
const maintainers = {
  kind: "benchmark" as const,
  key: "benchmark",
  model: null,
  prompt_hash: null,
  taxonomy_hash: null,
  description: "maintainers' labels",
};
const labellerFields = {
  labellers: { agents: classifier, reference: maintainers },
  same_labeller: false,
  labeller_note: "",
  labeller_choices: [],
};

describe("bug-type CSV downloads", () => {
  it("keep a submitter's formula-like label as text", () => {
    const csv = bugTypeDistancesCsv({
      benchmark,
      base: 2,
      categories: ["x"],
      subjects: [
        { key: "ref", label: "Maintainers", kind: "reference", submission_id: null, labeller: "benchmark", n: 3 },
        {
          key: "s1",
          label: '=HYPERLINK("http://evil.test","x")',
          kind: "configuration",
          submission_id: "s1",
          labeller: "m~aaaa~bbbb",
          n: 2,
        },
      ],
      distances: [
        [0, 0.25],
        [0.25, 0],
      ],
      within_configuration: [],
      run_pairs: { within_configurations: null, across_configurations: null },
      ...labellerFields,
    });
    expect(csv.split("\r\n")).toEqual([
      "from,from_submission_id,to,to_submission_id,js_distance_base2,from_labeller,to_labeller",
      "Maintainers,,Maintainers,,0,benchmark,benchmark",
      `Maintainers,,"'=HYPERLINK(""http://evil.test"",""x"")",s1,0.25,benchmark,m~aaaa~bbbb`,
      `"'=HYPERLINK(""http://evil.test"",""x"")",s1,Maintainers,,0.25,m~aaaa~bbbb,benchmark`,
      `"'=HYPERLINK(""http://evil.test"",""x"")",s1,"'=HYPERLINK(""http://evil.test"",""x"")",s1,0,m~aaaa~bbbb,m~aaaa~bbbb`,
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
          to_other_configurations: { n: 3, mean: 0.2, min: 0.1, max: 0.3 },
        },
        {
          submission_id: "s2",
          label: "n",
          runs: 1,
          run_to_run: null,
          reference_to_runs: null,
          to_other_configurations: { n: 3, mean: 0.2, min: 0.1, max: 0.3 },
        },
      ],
      run_pairs: { within_configurations: null, across_configurations: null },
      ...labellerFields,
    });
    expect(csv.split("\r\n")).toEqual([
      "configuration,submission_id,runs,run_to_run_js_distance_base2_n,run_to_run_js_distance_base2_mean,run_to_run_js_distance_base2_min,run_to_run_js_distance_base2_max,reference_to_runs_js_distance_base2_n,reference_to_runs_js_distance_base2_mean,reference_to_runs_js_distance_base2_min,reference_to_runs_js_distance_base2_max,to_other_configurations_js_distance_base2_n,to_other_configurations_js_distance_base2_mean,to_other_configurations_js_distance_base2_min,to_other_configurations_js_distance_base2_max,labeller,reference_labeller",
      "m · high,s1,3,3,0.1,0.05,0.2,3,0.3,0.25,0.35,3,0.2,0.1,0.3,m~aaaa~bbbb,benchmark",
      "n,s2,1,,,,,,,,,3,0.2,0.1,0.3,m~aaaa~bbbb,benchmark",
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
    const csv = bugTypesCsv({
      benchmark,
      stored: { categories: [row], triggers: [], labellers: { agents: classifier, reference: classifier } } as never,
      reported: null,
    });
    expect(csv).toBe(
      "source,kind,name,family,level,human_n,human_share,agent_share,agent_min,agent_max,agent_mean_n,gap,ratio,agent_labeller,reference_labeller\r\nstored,category,'@risky,F,,2,0.5,,,,1.5,,,m~aaaa~bbbb,m~aaaa~bbbb\r\n",
    );
  });
});
