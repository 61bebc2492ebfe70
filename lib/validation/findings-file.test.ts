import { describe, expect, it } from "vitest";
import { findingsFileSchema, runsOf } from "./findings-file";

const finding = { repo: "o/r", file: "a.py", line_start: 1, line_end: 2, title: "t", description: "d" };

describe("findingsFileSchema", () => {
  it("accepts one run and repeated runs, and runsOf returns the runs in order", () => {
    const one = findingsFileSchema.parse({ benchmark: "b", model: "m", cost_usd: 3, findings: [finding] });
    expect(runsOf(one)).toEqual([{ cost_usd: 3, findings: [finding] }]);
    const many = findingsFileSchema.parse({ benchmark: "b", model: "m", runs: [{ findings: [] }, { cost_usd: 1, findings: [finding] }] });
    expect(runsOf(many).map((r) => r.findings.length)).toEqual([0, 1]);
  });

  it("only accepts http(s) report URLs", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://example.org/x"]) {
      const result = findingsFileSchema.safeParse({ benchmark: "b", model: "m", findings: [], report_url: url });
      expect(result.success).toBe(false);
    }
    expect(findingsFileSchema.safeParse({ benchmark: "b", model: "m", findings: [], report_url: "https://arxiv.org/abs/2610.35987" }).success).toBe(true);
  });

  it("rejects a confidence outside 0..1 and an unknown severity", () => {
    const result = findingsFileSchema.safeParse({ benchmark: "b", model: "m", findings: [{ ...finding, confidence: 2, severity: "huge" }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["findings.0.confidence", "findings.0.severity"]));
  });
});
