import { describe, expect, it } from "vitest";
import { bidiControlProblem, climbsOutOfRepository, normaliseRepoPath } from "./safe-text";

describe("uploaded text rules", () => {
  it("names the first bidirectional control character and where it is", () => {
    expect(bidiControlProblem("plain text, العربية too")).toBeNull();
    expect(bidiControlProblem("evil\u202Etxt.exe")).toMatch(/U\+202E at character 5/);
    for (const c of ["\u202A", "\u202D", "\u2066", "\u2069", "\u200E", "\u200F", "\u061C"])
      expect(bidiControlProblem(`a${c}`)).not.toBeNull();
  });

  it("refuses paths that climb out of the repository, encoded or not, and normalises the rest", () => {
    for (const p of ["../../etc/passwd", "%2e%2e/x", "a/../../x", "..\\x", "/../etc", "a/%2E%2E/%2e%2e/x"])
      expect(climbsOutOfRepository(p), p).toBe(true);
    for (const p of ["a/../b", "./src/x.py", "src/..x/y", "%2e%2ex/y", "/repo/src/a.py"])
      expect(climbsOutOfRepository(p), p).toBe(false);
    expect(normaliseRepoPath("./src//x/../a.py")).toBe("src/a.py");
    expect(normaliseRepoPath("src\\win\\a.c")).toBe("src/win/a.c");
    expect(normaliseRepoPath("/repo/./src/a.py")).toBe("/repo/src/a.py");
    expect(normaliseRepoPath("a/%2e/b")).toBe("a/b");
  });
});
