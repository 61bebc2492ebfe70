import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import {
  MAX_FINDINGS_PER_FILE,
  findingsFileSchema,
  parseFindingsText,
  runsOf,
  validateFindingsFile,
} from "./findings-file";

const finding = { repo: "o/r", file: "a.py", line_start: 1, line_end: 2, title: "t", description: "d" };

describe("findingsFileSchema", () => {
  it("accepts one run and repeated runs, and runsOf returns the runs in order", () => {
    const one = findingsFileSchema.parse({ benchmark: "b", model: "m", cost_usd: 3, findings: [finding] });
    expect(runsOf(one)).toEqual([{ cost_usd: 3, findings: [finding] }]);
    const many = findingsFileSchema.parse({
      benchmark: "b",
      model: "m",
      runs: [{ findings: [] }, { cost_usd: 1, findings: [finding] }],
    });
    expect(runsOf(many).map((r) => r.findings.length)).toEqual([0, 1]);
  });

  it("only accepts http(s) report URLs", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://example.org/x"]) {
      const result = findingsFileSchema.safeParse({ benchmark: "b", model: "m", findings: [], report_url: url });
      expect(result.success).toBe(false);
    }
    expect(
      findingsFileSchema.safeParse({
        benchmark: "b",
        model: "m",
        findings: [],
        report_url: "https://arxiv.org/abs/2610.35987",
      }).success,
    ).toBe(true);
  });

  it("rejects a confidence outside 0..1 and an unknown severity", () => {
    const result = findingsFileSchema.safeParse({
      benchmark: "b",
      model: "m",
      findings: [{ ...finding, confidence: 2, severity: "huge" }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["findings.0.confidence", "findings.0.severity"]),
    );
  });
});

describe("parseFindingsText on hostile files", () => {
  const header = '{"benchmark":"b","model":"m","findings":';
  const errorOf = (text: string): AppError => {
    try {
      parseFindingsText(text);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error("expected an AppError");
  };

  it("refuses more findings than the limit before building them", () => {
    const text = `${header}[${Array(MAX_FINDINGS_PER_FILE + 1)
      .fill("{}")
      .join(",")}]}`;
    const error = errorOf(text);
    expect(error.code).toBe("invalid_input");
    expect(error.issues).toEqual([{ path: "findings", message: "more than 200,000 findings; the limit is 200,000" }]);
  });

  it("counts findings across runs against one limit", () => {
    const half = `[${Array(MAX_FINDINGS_PER_FILE / 2 + 1)
      .fill("{}")
      .join(",")}]`;
    const error = errorOf(`{"benchmark":"b","model":"m","runs":[{"findings":${half}},{"findings":${half}}]}`);
    expect(error.issues).toEqual([
      { path: "(root)", message: "more than 200,000 findings in all; the limit is 200,000" },
    ]);
  });

  it("lists the first 200 problems of many broken findings and counts the rest", () => {
    const text = `${header}[${Array(10_000).fill("{}").join(",")}]}`;
    const error = errorOf(text);
    expect(error.issues).toHaveLength(201);
    expect(error.issues[0]!.path).toBe("findings[0].repo");
    // Each empty finding lacks its six required fields.
    expect(error.issues[200]).toEqual({ path: "(more)", message: `${10_000 * 6 - 200} more problems not listed` });
    expect(error.message).toBe(`The findings file is invalid: ${10_000 * 6} problems`);
  });

  it("lists problems of the envelope and of the findings in one answer", () => {
    const error = errorOf(JSON.stringify({ benchmark: "b", model: 42, findings: [{ ...finding, line_start: "1" }] }));
    expect(error.issues.map((i) => i.path)).toEqual(["model", "findings[0].line_start"]);
  });

  it("refuses fields nested inside findings, wide objects and giant strings with their paths", () => {
    expect(errorOf(`${header}[{"title":${"[".repeat(20)}${"]".repeat(20)}}]}`).issues[0]!.message).toBe(
      "nesting deeper than 16 levels",
    );
    const wide = `{${Array.from({ length: 65 }, (_, i) => `"k${i}":1`).join(",")}}`;
    expect(errorOf(`${header}[${wide}]}`).issues).toEqual([
      { path: "findings[0]", message: "an object with more than 64 keys" },
    ]);
    const giant = errorOf(`${header}[${JSON.stringify({ ...finding, title: "x".repeat(5_000_000) })}]}`);
    expect(giant.issues).toEqual([{ path: "findings[0].title", message: "must be at most 500 characters" }]);
  });

  it("accepts a valid file and returns what the schema returns", () => {
    const file = { benchmark: "b", model: "m", runs: [{ cost_usd: 2, findings: [finding] }, { findings: [] }] };
    expect(parseFindingsText(JSON.stringify(file))).toEqual(findingsFileSchema.parse(file));
  });
});

describe("every problem of a finding at once", () => {
  it("lists a backwards line range together with a bad severity, and refuses climbing paths and bidi controls", () => {
    const finding = {
      repo: "o/n",
      file: "%2e%2e/x.py",
      line_start: 5,
      line_end: 2,
      title: "Looks like \u202Efdp.exe",
      description: "d",
      severity: "urgent",
    };
    const error = (() => {
      try {
        validateFindingsFile({ benchmark: "b", model: "m\u2066", findings: [finding] });
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error?.issues.map((i) => i.path).sort()).toEqual(
      ["findings[0].file", "findings[0].line_end", "findings[0].severity", "findings[0].title", "model"].sort(),
    );
    expect(error?.issues.find((i) => i.path === "findings[0].line_end")?.message).toBe("must be >= line_start (5)");
    expect(error?.issues.find((i) => i.path === "findings[0].title")?.message).toMatch(/U\+202E/);
    const stored = validateFindingsFile({
      benchmark: "b",
      model: "m",
      findings: [{ ...finding, file: "./src//a/../x.py", line_end: 9, title: "t", severity: "low" }],
    });
    expect(stored.findings![0]!.file).toBe("src/x.py");
  });
});
