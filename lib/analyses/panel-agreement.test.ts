import { describe, expect, it } from "vitest";
import { summarisePanelAgreement } from "./panel-agreement";

describe("summarisePanelAgreement", () => {
  it("reproduces the paper's figures from Table 15", () => {
    const summary = summarisePanelAgreement([
      [103, 0, 0],
      [9, 19, 6],
      [35, 5, 3],
    ]);
    // 180 graded; 103 + 0 + 9 + 19 = 131 both conclusive; (103 + 19) / 131 = 93.1% agree;
    // the grader confirms 103 / 131 = 78.6% (the blog's 79%), the panel 112 / 131 = 85.5% (85%).
    expect(summary.total).toBe(180);
    expect(summary.bothConclusive).toBe(131);
    expect(summary.agreement).toBeCloseTo(122 / 131, 12);
    expect(summary.graderValidity).toBeCloseTo(103 / 131, 12);
    expect(summary.panelValidity).toBeCloseTo(112 / 131, 12);
    // Every disagreement is one the panel confirms and the grader rejects.
    expect(summary).toMatchObject({ panelLenient: 9, panelStrict: 0 });
  });

  it("has no shares without a conclusive pair", () => {
    expect(summarisePanelAgreement([[0, 0, 4]]).agreement).toBeNull();
  });
});
