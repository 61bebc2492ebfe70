import { describe, expect, it } from "vitest";
import {
  formatDirListing,
  formatFileLines,
  formatGrep,
  GREP_MAX_MATCHES,
  grepContent,
  parseRepositoryCall,
  REPOSITORY_TOOL_DEFINITIONS,
  underPath,
} from "./repository-tools";

describe("the panel's read-only repository tools", () => {
  it("offers read_file, list_dir, grep and submit_verdict, never run", () => {
    expect(REPOSITORY_TOOL_DEFINITIONS.map((t) => t.function.name)).toEqual([
      "read_file",
      "list_dir",
      "grep",
      "submit_verdict",
    ]);
  });
  it("validates arguments and keeps paths inside the repository", () => {
    expect(parseRepositoryCall("read_file", { path: "/repo/a/b.py", start_line: 3 })).toEqual({
      tool: "read_file",
      path: "a/b.py",
      start: 3,
      end: Number.MAX_SAFE_INTEGER,
    });
    expect(parseRepositoryCall("read_file", { path: "a/../../x" })).toEqual({
      error: "path a/../../x leaves the repository",
    });
    expect(parseRepositoryCall("read_file", { path: "a", start_line: 5, end_line: 2 })).toEqual({
      error: "end_line must be >= start_line",
    });
    expect(parseRepositoryCall("list_dir", {})).toEqual({ tool: "list_dir", path: "." });
    expect(parseRepositoryCall("grep", { pattern: "x", path: "src", ignore_case: true })).toEqual({
      tool: "grep",
      pattern: "x",
      path: "src",
      ignoreCase: true,
    });
    expect("error" in (parseRepositoryCall("grep", { pattern: "" }) as object)).toBe(true);
    expect(parseRepositoryCall("run", { command: "id" })).toEqual({
      error: "Unknown tool run. The tools are read_file, list_dir, grep and submit_verdict.",
    });
  });
  it("prints numbered lines of a range, and says what is missing or binary", () => {
    const file = Buffer.from("a\nb\nc\n");
    expect(formatFileLines("f.py", file, 2, 3)).toBe("     2  b\n     3  c");
    expect(formatFileLines("f.py", file, 1, Number.MAX_SAFE_INTEGER)).toBe("     1  a\n     2  b\n     3  c");
    expect(formatFileLines("f.py", file, 9, 10)).toBe("f.py: no lines in 9-10 (the file has 3).");
    expect(formatFileLines("f.py", null, 1, 2)).toContain("no such regular file");
    expect(formatFileLines("f.bin", Buffer.from([1, 0, 2]), 1, 2)).toBe("f.bin: a binary file.");
  });
  it("lists directories with links marked and never followed", () => {
    expect(
      formatDirListing("src", [
        { name: "a", type: "dir", size: 0 },
        { name: "b.py", type: "file", size: 12 },
        { name: "c", type: "symlink", size: 0 },
      ]),
    ).toBe("a/\nb.py  12 bytes\nc (symbolic link, not followed)");
    expect(formatDirListing("x", null)).toContain("no such directory");
    expect(formatDirListing("x", [])).toBe("x: an empty directory.");
  });
  it("greps fixed strings only, bounded in matches and line length", () => {
    const text = Buffer.from("foo(a+)+bar\nplain\nFOO\n" + "z".repeat(400) + "foo\n");
    expect(grepContent("f", text, "(a+)+", false, 10)).toEqual(["f:1:foo(a+)+bar"]);
    expect(grepContent("f", text, "foo", true, 10).map((l) => l.slice(0, 12))).toEqual([
      "f:1:foo(a+)+",
      "f:3:FOO",
      `f:4:${"z".repeat(8)}`,
    ]);
    expect(grepContent("f", text, "foo", true, 10)[2]!.length).toBe(4 + 300 + 1);
    expect(grepContent("f", text, "foo", true, 1)).toHaveLength(1);
    expect(grepContent("f", Buffer.from([0, 1, 2]), "a", false, 10)).toEqual([]);
    expect(underPath("src/a.py", "src")).toBe(true);
    expect(underPath("srcx/a.py", "src")).toBe(false);
    expect(underPath("a.py", ".")).toBe(true);
    expect(formatGrep("q", [], 3, 0, false)).toBe('No line contains "q" (3 files searched).');
    expect(formatGrep("q", ["f:1:q"], 3, 2, true)).toBe(
      `f:1:q\n[stopped at ${GREP_MAX_MATCHES} matching lines]\n[2 files not searched: the search covers at most 5000 files]`,
    );
  });
});
