import { describe, expect, it } from "vitest";
import { countKnownPaths, unknownPathsProblem } from "./known-paths";

describe("countKnownPaths", () => {
  const files = new Map([["acme/parser", new Set(["parser/lexer.py", "parser/ast.py"])]]);

  it("counts findings of repositories with a file list, and names one unknown path", () => {
    const count = countKnownPaths(
      [
        { repo: "acme/parser", file: "/ci/work/parser/lexer.py" },
        { repo: "acme/parser", file: "parser/ast.py" },
        { repo: "acme/ui", file: "anything.ts" },
      ],
      files,
    );
    expect(count).toEqual({ checked: 2, known: 1, example: { repo: "acme/parser", file: "/ci/work/parser/lexer.py" } });
    expect(unknownPathsProblem(count)).toBeNull();
  });

  it("refuses only when every checked finding names an unknown file", () => {
    const none = countKnownPaths([{ repo: "acme/parser", file: "/abs/lexer.py" }], files);
    expect(unknownPathsProblem(none)).toMatch(
      /^none of the 1 findings names a file of its repository .*--allow-unknown-paths/,
    );
    expect(unknownPathsProblem(countKnownPaths([{ repo: "acme/ui", file: "x" }], files))).toBeNull();
    expect(unknownPathsProblem(countKnownPaths([], files))).toBeNull();
  });
});
