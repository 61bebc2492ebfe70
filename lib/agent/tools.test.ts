import { describe, expect, it } from "vitest";
import {
  formatToolOutput,
  repoPath,
  toolCommand,
  truncateOutput,
  validateSubmittedFindings,
  TOOL_DEFINITIONS,
  TOOL_OUTPUT_HEAD_CHARS,
  TOOL_OUTPUT_TAIL_CHARS,
} from "./tools";

describe("agent tools", () => {
  it("are named exactly as the issue lists", () => {
    expect(TOOL_DEFINITIONS.map((t) => t.function.name)).toEqual([
      "read_file",
      "list_dir",
      "grep",
      "run",
      "submit_findings",
    ]);
  });

  it("keeps paths inside the repository", () => {
    expect(repoPath("/repo/src/a.py")).toEqual({ path: "src/a.py" });
    expect(repoPath("./src/../lib//b.ts")).toEqual({ path: "lib/b.ts" });
    expect(repoPath("")).toEqual({ path: "." });
    expect(repoPath("../etc/passwd")).toEqual({ error: "path ../etc/passwd leaves the repository" });
    expect(repoPath("/etc/passwd")).toEqual({ path: "etc/passwd" });
  });

  it("turns tool calls into sandbox commands without a shell, except run", () => {
    expect(toolCommand("list_dir", { path: "src" })).toEqual({ argv: ["ls", "-lA", "--", "src"], timeoutMs: 30_000 });
    expect(toolCommand("grep", { pattern: "a;rm -rf /" })).toEqual({
      argv: ["grep", "-rnIE", "--", "a;rm -rf /", "."],
      timeoutMs: 30_000,
    });
    const read = toolCommand("read_file", { path: "a.py", start_line: 3, end_line: 9 });
    expect("argv" in read && read.argv.slice(0, 5)).toEqual(["awk", "-v", "s=3", "-v", "e=9"]);
    expect(toolCommand("read_file", { path: "a.py", start_line: 9, end_line: 3 })).toEqual({
      error: "end_line must be >= start_line",
    });
    expect(toolCommand("run", { command: "pytest -q", timeout_s: 120 })).toEqual({
      argv: ["sh", "-c", "pytest -q"],
      timeoutMs: 120_000,
    });
    expect(toolCommand("run", { command: "x", timeout_s: 601 })).toMatchObject({
      error: expect.stringContaining("timeout_s"),
    });
    expect(toolCommand("read_file", {})).toMatchObject({ error: expect.stringContaining("path") });
  });

  it("truncates outputs to the documented size, keeping the head and the tail", () => {
    const long = "a".repeat(TOOL_OUTPUT_HEAD_CHARS) + "MIDDLE".repeat(1_000) + "z".repeat(TOOL_OUTPUT_TAIL_CHARS);
    const out = truncateOutput(long);
    expect(out.startsWith("a".repeat(TOOL_OUTPUT_HEAD_CHARS) + "\n[... 6000 characters cut ...]\n")).toBe(true);
    expect(out.endsWith("z".repeat(TOOL_OUTPUT_TAIL_CHARS))).toBe(true);
    expect(truncateOutput("short")).toBe("short");
    expect(
      formatToolOutput({
        exitCode: 2,
        stdout: "x",
        stderr: "boom",
        timedOut: false,
        oomKilled: false,
        droppedBytes: 0,
      }),
    ).toBe("x\n[stderr]\nboom\n[exit status 2]");
    expect(
      formatToolOutput({ exitCode: 137, stdout: "", stderr: "", timedOut: true, oomKilled: false, droppedBytes: 10 }),
    ).toBe("\n[... 10 more bytes not captured ...]\n[killed: time limit reached]");
    // Exit status 137 at the memory limit is not a time limit.
    expect(
      formatToolOutput({
        exitCode: 137,
        stdout: "",
        stderr: "Killed\n",
        timedOut: false,
        oomKilled: true,
        droppedBytes: 0,
      }),
    ).toBe("[stderr]\nKilled\n\n[killed: out of memory]");
    expect(
      formatToolOutput({
        exitCode: 1,
        stdout: "3 passed",
        stderr: "",
        timedOut: false,
        oomKilled: true,
        droppedBytes: 0,
      }),
    ).toBe("3 passed\n[exit status 1; a process of the command was killed: out of memory]");
  });

  it("validates submitted findings with the findings-file schema, adding the repository", () => {
    const ok = validateSubmittedFindings(
      {
        findings: [{ file: "/repo/a.py", line_start: 2, line_end: 4, title: "t", description: "d", severity: "high" }],
      },
      "acme/x",
    );
    expect(ok).toEqual({
      findings: [
        { repo: "acme/x", file: "a.py", line_start: 2, line_end: 4, title: "t", description: "d", severity: "high" },
      ],
    });
    expect(validateSubmittedFindings({ findings: [] }, "acme/x")).toEqual({ findings: [] });
    const bad = validateSubmittedFindings(
      { findings: [{ file: "a.py", line_start: 5, line_end: 2, title: "", description: "d", severity: "urgent" }] },
      "acme/x",
    );
    expect("error" in bad && bad.error).toContain("findings[0].title");
    expect("error" in bad && bad.error).toContain("findings[0].severity");
    const reversed = validateSubmittedFindings(
      { findings: [{ file: "a.py", line_start: 5, line_end: 2, title: "t", description: "d" }] },
      "acme/x",
    );
    expect("error" in reversed && reversed.error).toContain("findings[0].line_end");
    expect(validateSubmittedFindings({}, "acme/x")).toMatchObject({ error: expect.stringContaining("findings") });
  });
});
