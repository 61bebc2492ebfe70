import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseBenchmarkText } from "./benchmark-file";

const valid = {
  slug: "shape",
  name: "Shape",
  version: "1",
  snapshot_date: "2026-01-01",
  repositories: [
    { name: "acme/a", language: "python", fix_commits: [{ sha: "abcdef1", date: "2026-02-01T00:00:00Z" }] },
  ],
  reference_bugs: [
    { id: "B1", repo: "acme/a", file: "a.py", line_start: 1, line_end: 2, title: "t", description: "d" },
  ],
  taxonomy: { families: [{ name: "f", categories: [{ name: "c" }] }], triggers: [{ level: 1, name: "x" }] },
};

function refusal(text: string): AppError {
  try {
    parseBenchmarkText(text);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("accepted");
}

describe("parseBenchmarkText's shape limit", () => {
  it("takes a valid file", () => {
    expect(parseBenchmarkText(JSON.stringify(valid)).reference_bugs).toHaveLength(1);
  });

  it("refuses a file of millions of empty bugs in the scan, before building them, naming the list", () => {
    const text = `{"slug":"shape","reference_bugs":[${"{},".repeat(1_000_000)}{}]}`;
    const started = performance.now();
    const error = refusal(text);
    expect(error.code).toBe("invalid_input");
    expect(JSON.stringify(error.issues)).toContain("reference bugs");
    // The scan stops at the 200,001st: far quicker than parsing and validating a million objects.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses deep nesting and oversized objects anywhere", () => {
    expect(refusal(`{"taxonomy":${"[".repeat(40)}${"]".repeat(40)}}`).code).toBe("invalid_input");
    const keys = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 1]));
    expect(refusal(JSON.stringify({ ...valid, pipeline: keys })).code).toBe("invalid_input");
  });
});
