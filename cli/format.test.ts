import { describe, expect, it } from "vitest";
import { formatScores } from "./format";

describe("formatScores: the panel line", () => {
  it("shows validity with its interval once the panel is done, else its status", () => {
    const done = formatScores({
      id: "s1",
      status: "scored",
      panel: {
        status: "done",
        sampled: 100,
        confirmed: 85,
        rejected: 10,
        abstained: 5,
        validity: 85 / 95,
        validity_interval: [0.8149, 0.9484],
      },
    });
    expect(done).toContain(
      "Panel: validity 89.5% [81.5%–94.8%] (85 confirmed, 10 rejected, 5 abstained of 100 sampled)",
    );
    const running = formatScores({
      id: "s1",
      status: "scored",
      panel: {
        status: "running",
        sampled: 0,
        confirmed: 0,
        rejected: 0,
        abstained: 0,
        validity: null,
        validity_interval: null,
      },
      panel_job: { progress: 40, error: null },
    });
    expect(running).toContain("Panel: running 40%");
    expect(formatScores({ id: "s1", status: "scored", panel: null })).not.toContain("Panel");
  });
});

describe("formatScores: repeated runs", () => {
  it("prints reported and distinct findings per run, the curve over distinct findings and the spectrum", () => {
    const score = {
      recall: 1,
      precision: 1 / 3,
      f1: 0.5,
      matched_reference_bugs: 1,
      reference_bugs: 1,
      matched_findings: 1,
      findings: 3,
    };
    const text = formatScores({
      id: "s1",
      status: "scored",
      scores: {
        overall: score,
        languages: [],
        repositories: [],
        runs: [
          { run: 0, overall: score, distinct_findings: 2, matched_distinct_findings: 1 },
          {
            run: 1,
            overall: { ...score, findings: 2, precision: 0.5 },
            distinct_findings: null,
            matched_distinct_findings: null,
          },
        ],
        curves: [{ ...score, label: "union" }],
        spectrum: [
          { n: 1, exactly_matched: 0, exactly_unmatched: 2, union_matched: 1, union_unmatched: 1 },
          { n: 2, exactly_matched: 1, exactly_unmatched: 0, union_matched: 1, union_unmatched: 2 },
        ],
      },
    });
    expect(text).toMatch(/run 1 .*1\/3 findings\); distinct 1\/2/);
    expect(text).toMatch(/run 2 .*; distinct n\/a/);
    expect(text).toContain("findings = distinct findings");
    expect(text).toContain("    2  exactly 1/0  union 1/2");
  });
});
