import { describe, expect, it } from "vitest";
import {
  addedLines,
  anchorBlame,
  changedFiles,
  parseCommitList,
  parseLinePorcelain,
  sliceLines,
  splitSections,
  truncateHeadTail,
} from "./git-output";

const T0 = "a".repeat(40);
const LATER = "b".repeat(40);

function porcelain(lines: { sha: string; orig: number; final: number; file: string; boundary?: boolean }[]): string {
  return lines
    .map((l) =>
      [
        `${l.sha} ${l.orig} ${l.final} 1`,
        "author Dev",
        "summary something",
        ...(l.boundary ? ["boundary"] : []),
        `filename ${l.file}`,
        "\tcode",
      ].join("\n"),
    )
    .join("\n");
}

describe("git's output as the build reads it", () => {
  it("lists commits with their first parent, date and subject", () => {
    const text = `${LATER}\t${T0} ${"c".repeat(40)}\t1740000000\tMerge: fix\tthings\n`;
    expect(parseCommitList(text)).toEqual([
      { sha: LATER, parentSha: T0, committedAt: new Date(1_740_000_000_000), subject: "Merge: fix\tthings" },
    ]);
    expect(() => parseCommitList("not a commit\n")).toThrow(/unexpected git log line/);
  });

  it("splits a script's output only at its own nonce", () => {
    // A commit message may print another marker; only the script's own nonce starts a section.
    const text = "@@n1@@ a\nline 1\n@@n1@@ b\n@@n2@@ forged\n@@n1@@ c\n";
    expect([...splitSections(text, "@@n1@@")]).toEqual([
      ["a", "line 1"],
      ["b", "@@n2@@ forged"],
      ["c", ""],
    ]);
    expect([...splitSections("@@n2@@ a\nbody\n", "@@n1@@")]).toEqual([]);
  });

  it("cuts a diff at its head and tail, saying how much is left out", () => {
    expect(truncateHeadTail("abcdef", 10)).toBe("abcdef");
    expect(truncateHeadTail("0123456789", 4)).toBe("01\n[... 6 characters of the diff omitted ...]\n89");
  });

  it("anchors lines that existed at T0 to their T0 file and lines", () => {
    const lines = parseLinePorcelain(
      porcelain([
        { sha: T0, orig: 17, final: 19, file: "calc.py", boundary: true },
        { sha: T0, orig: 18, final: 20, file: "calc.py", boundary: true },
        { sha: LATER, orig: 21, final: 21, file: "calc.py" },
      ]),
    );
    expect(lines).toHaveLength(3);
    expect(anchorBlame(lines, T0)).toEqual({
      kind: "anchored",
      file: "calc.py",
      lineStart: 17,
      lineEnd: 18,
      lines: 2,
      temporalLines: 1,
    });
  });

  it("drops lines all introduced after T0 as temporal, citing the commit that introduced them", () => {
    const lines = parseLinePorcelain(porcelain([{ sha: LATER, orig: 3, final: 3, file: "calc.py" }]));
    expect(anchorBlame(lines, T0)).toEqual({ kind: "temporal", introducedBy: LATER });
    expect(anchorBlame([], T0).kind).toBe("unanchored");
  });

  it("follows a rename: the T0 file name is blame's, not the fix's", () => {
    const lines = parseLinePorcelain(porcelain([{ sha: T0, orig: 4, final: 9, file: "old/name.py", boundary: true }]));
    expect(anchorBlame(lines, T0)).toMatchObject({ kind: "anchored", file: "old/name.py", lineStart: 4 });
  });

  it("reads a diff's files and added lines, and slices a file's lines", () => {
    const diff =
      "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-old\n+    return the_fixed_value\n+x\n";
    expect(changedFiles(diff)).toEqual(["x.py"]);
    expect(addedLines(diff)).toEqual(["return the_fixed_value"]);
    expect(sliceLines("a\nb\nc\n", 2, 5)).toBe("b\nc");
  });
});
