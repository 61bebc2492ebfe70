import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { DEFAULT_JSON_LIMITS, parseJsonText, type JsonShapeLimits } from "./parse-json";

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("parseJsonText", () => {
  it("names the line and column of a syntax error", () => {
    const error = errorOf(() => parseJsonText('{\n  "a": 1,\n  "b": }'));
    expect(error.code).toBe("invalid_json");
    expect(error.message).toContain("line 3, column 8");
  });

  it.each([
    ['{"a": 1,}', 9],
    ["[1, 2", 6],
    ['{"a" 1}', 6],
    ['"unterminated', 1],
    ["tru", 1],
    ["[1] 2", 5],
    ['{"a": 1} // comment', 10],
  ])("places the error in %s at column %i", (text, column) => {
    const error = errorOf(() => parseJsonText(text));
    expect(error.code).toBe("invalid_json");
    expect(error.message).toContain(`line 1, column ${column}`);
  });

  it("refuses what JSON.parse refuses even where the scan is lenient", () => {
    expect(errorOf(() => parseJsonText('{"a":"\\x"}')).code).toBe("invalid_json");
    expect(errorOf(() => parseJsonText('{"a":"tab\there"}')).code).toBe("invalid_json");
  });

  it("says when the text is empty", () => {
    expect(errorOf(() => parseJsonText("  ")).message).toContain("empty");
  });

  it("rejects prototype-polluting keys at any depth with their path", () => {
    const error = errorOf(() => parseJsonText('{"runs":[{"findings":[{"constructor":{"prototype":{}}}]}]}'));
    expect(error.code).toBe("invalid_input");
    expect(error.issues.map((i) => i.path)).toEqual([
      "runs[0].findings[0].constructor",
      "runs[0].findings[0].constructor.prototype",
    ]);
  });

  it("lists at most 200 forbidden keys and counts the rest", () => {
    const text = `[${Array.from({ length: 250 }, () => '{"__proto__":1}').join(",")}]`;
    const error = errorOf(() => parseJsonText(text));
    expect(error.issues).toHaveLength(201);
    expect(error.issues[200]).toEqual({ path: "(more)", message: "50 more forbidden keys not listed" });
  });

  it("returns the parsed value of valid JSON", () => {
    expect(parseJsonText('{"a":[1,2,{"b":null}],"c":"x\\u00e9"}')).toEqual({ a: [1, 2, { b: null }], c: "xé" });
  });
});

describe("shape limits, checked before anything is built", () => {
  const limits: JsonShapeLimits = {
    maxDepth: 4,
    maxValues: 100,
    maxObjectKeys: 3,
    maxArrayItems: 5,
    arrays: (path) => {
      if (path.length === 2 && path[0] === "runs" && typeof path[1] === "number") return undefined;
      if (path.join(".") === "items" || (path.length === 3 && path[0] === "runs" && path[2] === "items"))
        return { max: 10, noun: "items", group: { name: "items", max: 12 } };
      return undefined;
    },
  };

  it("refuses nesting deeper than the limit, naming where", () => {
    const error = errorOf(() => parseJsonText('{"a":{"b":{"c":{"d":{}}}}}', "The file", limits));
    expect(error.code).toBe("invalid_input");
    expect(error.issues).toEqual([{ path: "a.b.c.d", message: "nesting deeper than 4 levels" }]);
  });

  it("stops a deep document at once instead of recursing through it", () => {
    const deep = "[".repeat(1_000_000) + "]".repeat(1_000_000);
    expect(errorOf(() => parseJsonText(deep)).issues[0]!.message).toBe(
      `nesting deeper than ${DEFAULT_JSON_LIMITS.maxDepth} levels`,
    );
  });

  it("refuses objects with too many keys", () => {
    expect(errorOf(() => parseJsonText('{"a":{"w":1,"x":1,"y":1,"z":1}}', "The file", limits)).issues).toEqual([
      { path: "a", message: "an object with more than 3 keys" },
    ]);
  });

  it("holds named arrays to their own limit and others to the default", () => {
    const items = (n: number) => `[${Array(n).fill("{}").join(",")}]`;
    expect(parseJsonText(`{"items":${items(10)}}`, "The file", limits)).toEqual({ items: Array(10).fill({}) });
    expect(errorOf(() => parseJsonText(`{"items":${items(11)}}`, "The file", limits)).issues).toEqual([
      { path: "items", message: "more than 10 items; the limit is 10" },
    ]);
    expect(errorOf(() => parseJsonText(`{"other":${items(6)}}`, "The file", limits)).issues).toEqual([
      { path: "other", message: "more than 5 items; the limit is 5" },
    ]);
  });

  it("adds up arrays of one group", () => {
    const text = `{"runs":[{"items":${`[${Array(7).fill("1").join(",")}]`}},{"items":${`[${Array(6).fill("1").join(",")}]`}}]}`;
    expect(errorOf(() => parseJsonText(text, "The file", limits)).issues).toEqual([
      { path: "(root)", message: "more than 12 items in all; the limit is 12" },
    ]);
  });

  it("refuses more values than the limit", () => {
    const text = `{"a":[${Array(5)
      .fill(`[${Array(5).fill("1").join(",")}]`)
      .join(",")}],"b":[${Array(5)
      .fill(`[${Array(5).fill("1").join(",")}]`)
      .join(",")}],"c":[${Array(5)
      .fill(`[${Array(5).fill("1").join(",")}]`)
      .join(",")}]}`;
    expect(errorOf(() => parseJsonText(text, "The file", { ...limits, maxValues: 50 })).message).toContain(
      "more than 50 JSON values",
    );
  });
});
