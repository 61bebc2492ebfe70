import { describe, expect, it } from "vitest";
import { estimateBuild } from "./estimate";
import { classifierReplySchema, presenceOutcome, quotedFixLine, replyJsonSchema } from "./replies";

describe("the build's model replies", () => {
  it("drops a candidate only on one of the four grounds of F.2.3, else keeps it (low confidence when doubted)", () => {
    expect(presenceOutcome({ present: true, ground: null, evidence: "" })).toEqual({
      verdict: "kept",
      lowConfidence: false,
    });
    expect(presenceOutcome({ present: false, ground: "code_absent", evidence: "" })).toEqual({
      verdict: "dropped",
      ground: "code_absent",
    });
    expect(presenceOutcome({ present: false, ground: null, evidence: "" })).toEqual({
      verdict: "kept",
      lowConfidence: true,
    });
  });

  it("finds a report that quotes the fix's own lines", () => {
    const fix = ["return total / len(values)"];
    expect(quotedFixLine({ title: "Mean is off", description: "uses return total / len(values)" }, fix)).toBe(fix[0]);
    expect(quotedFixLine({ title: "Mean is off", description: "divides by one less" }, fix)).toBeNull();
  });

  it("gives strict JSON schemas (every field required, no others) and refuses bad shapes", () => {
    expect(replyJsonSchema(classifierReplySchema)).toMatchObject({
      type: "object",
      required: ["is_bug_fix", "confidence", "rationale"],
      additionalProperties: false,
    });
    expect(classifierReplySchema.safeParse({ is_bug_fix: "yes", confidence: 1, rationale: "" }).success).toBe(false);
  });

  it("estimates the paper's sizes from its commit count", () => {
    const e = estimateBuild(13_254, 6_000, () => 0.01);
    expect(e).toMatchObject({
      classifier_calls: 13_254,
      extractor_calls: 4_296,
      presence_calls: 3_345,
      synthesis_calls: 2_501,
      audit_calls: 2_501,
    });
    expect(e.cost_usd).toBeCloseTo(0.01 * (13_254 + 4_296 + 3_345 + 2 * 2_501 + 2 * 2_501), 6);
  });
});
