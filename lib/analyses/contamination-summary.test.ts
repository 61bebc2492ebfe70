import { describe, expect, it } from "vitest";
import { formatP, summariseContamination } from "./contamination-summary";

describe("summariseContamination", () => {
  it("takes the smallest p and p_Holm and the largest D over the tested runs", () => {
    const summary = summariseContamination(
      [
        { run: 1, matched: 40, d: 0.05, p: 0.2, p_holm: 1, no_test_reason: null },
        { run: 2, matched: 35, d: 0.09, p: 0.01, p_holm: 0.27, holm_family: 27, no_test_reason: null },
        { run: 3, matched: 12, d: null, p: null, p_holm: null, no_test_reason: "too few" },
      ],
      { source: "computed", knowledgeCutoff: "2025-08", cutoffPosition: "inside" },
    );
    expect(summary).toEqual({
      source: "computed",
      runs: 3,
      tested_runs: 2,
      max_d: 0.09,
      min_p: 0.01,
      min_p_holm: 0.27,
      holm_family: 27,
      knowledge_cutoff: "2025-08",
      cutoff_position: "inside",
      no_test_reason: null,
    });
  });

  it("says why when no run has a test, and has nothing for no runs", () => {
    const summary = summariseContamination(
      [{ run: 1, matched: 3, d: null, p: null, p_holm: null, no_test_reason: "too few" }],
      { source: "computed", knowledgeCutoff: null, cutoffPosition: "unknown" },
    );
    expect(summary).toMatchObject({ tested_runs: 0, min_p: null, no_test_reason: "too few" });
    expect(
      summariseContamination([], { source: "reported", knowledgeCutoff: null, cutoffPosition: "unknown" }),
    ).toBeNull();
  });

  it("prints p as Table 16 does", () => {
    expect(formatP(0.2043)).toBe("0.204");
    expect(formatP(0.0001)).toBe("<0.001");
    expect(formatP(null)).toBe("–");
  });
});
