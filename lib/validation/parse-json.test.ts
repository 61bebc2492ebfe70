import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { findJsonErrorOffset } from "./json-error-position";
import { parseJsonText } from "./parse-json";

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error("expected an AppError");
}

describe("parseJsonText", () => {
  it("names the line and column of a syntax error", () => {
    const error = errorOf(() => parseJsonText('{\n  "a": 1,\n  "b": }'));
    expect(error.code).toBe("invalid_json");
    expect(error.message).toContain("line 3, column 8");
  });

  it("says when the text is empty", () => {
    expect(errorOf(() => parseJsonText("  ")).message).toContain("empty");
  });

  it("rejects prototype-polluting keys at any depth with their path", () => {
    const error = errorOf(() => parseJsonText('{"runs":[{"findings":[{"constructor":{"prototype":{}}}]}]}'));
    expect(error.code).toBe("invalid_input");
    expect(error.issues.map((i) => i.path)).toEqual(["runs[0].findings[0].constructor", "runs[0].findings[0].constructor.prototype"]);
  });

  it("returns the parsed value of valid JSON", () => {
    expect(parseJsonText('{"a":[1,2,{"b":null}]}')).toEqual({ a: [1, 2, { b: null }] });
  });
});

describe("findJsonErrorOffset", () => {
  it.each([
    ['{"a": 1,}', 8],
    ["[1, 2", 5],
    ['{"a" 1}', 5],
    ['"unterminated', 13],
    ["tru", 0],
    ['{"a":"\\x"}', 7],
    ["[1] 2", 4],
  ])("finds the error in %s at %i", (text, offset) => {
    expect(findJsonErrorOffset(text)).toBe(offset);
  });

  it("returns -1 for valid JSON", () => {
    expect(findJsonErrorOffset('{"a": [1, -2.5e3, "x\\u00e9", true, false, null]}')).toBe(-1);
  });
});
