import { describe, expect, it } from "vitest";
import { bugTypeDistancesCsv, bugTypesCsv } from "./bug-types-csv";

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
