import { z } from "zod";
import { findingSchema, type FindingInput } from "../validation/findings-file";
import { formatPath } from "../errors";
import type { ExecResult } from "../sandbox/sandbox";
import { KILLED_EXIT_STATUS } from "../sandbox/time-limit";

// The agent's tools (docs/in-house-runs.md), as OpenAI function tools. Every tool but submit_findings runs as a
// command in the pass's sandbox, with the snapshot at /repo; paths are relative to it. Pure: no I/O here.

// Every tool output the model sees is at most this many characters: the first 8,000 and the last 4,000, with a line
// saying how much was cut between them (so `run` output keeps both its start and its error at the end).
export const TOOL_OUTPUT_HEAD_CHARS = 8_000;
export const TOOL_OUTPUT_TAIL_CHARS = 4_000;
// Bytes the sandbox keeps of each stream before truncation (the rest is counted only).
export const TOOL_CAPTURE_BYTES = 256 * 1024;
const DEFAULT_RUN_TIMEOUT_S = 60;
const MAX_RUN_TIMEOUT_S = 600;
const FILE_TOOL_TIMEOUT_S = 30;
const MAX_FINDINGS_PER_PASS = 200;

const pathArg = z
  .string()
  .max(1_000)
  .refine((s) => !s.includes("\u0000"), "must not contain NUL characters");

const toolArgSchemas = {
  read_file: z.object({
    path: pathArg,
    start_line: z.number().int().min(1).optional(),
    end_line: z.number().int().min(1).optional(),
  }),
  list_dir: z.object({ path: pathArg.default(".") }),
  grep: z.object({ pattern: z.string().min(1).max(1_000), path: pathArg.optional() }),
  run: z.object({
    command: z.string().min(1).max(10_000),
    timeout_s: z.number().int().min(1).max(MAX_RUN_TIMEOUT_S).optional(),
  }),
  submit_findings: z.object({ findings: z.array(z.unknown()).max(MAX_FINDINGS_PER_PASS) }),
} as const;

export type ToolName = keyof typeof toolArgSchemas;

const findingItemProperties = {
  file: { type: "string", description: "path relative to the repository root" },
  line_start: { type: "integer", minimum: 1 },
  line_end: { type: "integer", minimum: 1 },
  title: { type: "string" },
  description: { type: "string" },
  code_snippet: { type: "string" },
  severity: { type: "string", enum: ["low", "medium", "high", "critical"] },
  confidence: { type: "number", minimum: 0, maximum: 1 },
  suggested_fix: { type: "string" },
  category: { type: "string" },
  trigger: { type: "string" },
};

/** The `tools` of every chat completion request of a pass. */
export const TOOL_DEFINITIONS = [
  fn(
    "read_file",
    "Read a file of the repository (with line numbers). Lines are 1-based; without a range the whole file (output is truncated).",
    {
      path: { type: "string" },
      start_line: { type: "integer", minimum: 1 },
      end_line: { type: "integer", minimum: 1 },
    },
    ["path"],
  ),
  fn("list_dir", "List a directory of the repository.", { path: { type: "string" } }, ["path"]),
  fn(
    "grep",
    "Search the repository for an extended regular expression (grep -rnE).",
    { pattern: { type: "string" }, path: { type: "string" } },
    ["pattern"],
  ),
  fn(
    "run",
    "Run a shell command in the sandbox: the repository is read-only at /repo (the working directory), /tmp is writable, there is no network.",
    {
      command: { type: "string" },
      timeout_s: { type: "integer", minimum: 1, maximum: MAX_RUN_TIMEOUT_S },
    },
    ["command"],
  ),
  fn(
    "submit_findings",
    "Submit the findings of this pass and end it. An empty array is valid.",
    {
      findings: {
        type: "array",
        items: {
          type: "object",
          properties: findingItemProperties,
          required: ["file", "line_start", "line_end", "title", "description", "severity"],
        },
      },
    },
    ["findings"],
  ),
] as const;

function fn(name: ToolName, description: string, properties: Record<string, unknown>, required: string[]) {
  return {
    type: "function" as const,
    function: { name, description, parameters: { type: "object", properties, required } },
  };
}

/** A path the model gave, as a path relative to /repo, or an error message. */
export function repoPath(input: string): { path: string } | { error: string } {
  const trimmed =
    input
      .trim()
      .replace(/^\/repo(\/|$)/, "")
      .replace(/^\/+/, "") || ".";
  const parts: string[] = [];
  for (const part of trimmed.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return { error: `path ${input} leaves the repository` };
      parts.pop();
    } else parts.push(part);
  }
  return { path: parts.length ? parts.join("/") : "." };
}

export type ToolCommand = { argv: string[]; timeoutMs: number };

/** The sandbox command of a tool call (not submit_findings), or a message for the model when the arguments are bad. */
export function toolCommand(
  name: Exclude<ToolName, "submit_findings">,
  rawArgs: unknown,
): ToolCommand | { error: string } {
  const parsed = toolArgSchemas[name].safeParse(rawArgs);
  if (!parsed.success)
    return {
      error: `invalid arguments for ${name}: ${parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join("; ")}`,
    };
  const fileTimeout = FILE_TOOL_TIMEOUT_S * 1000;
  switch (name) {
    case "read_file": {
      const args = parsed.data as z.infer<typeof toolArgSchemas.read_file>;
      const p = repoPath(args.path);
      if ("error" in p) return p;
      const start = args.start_line ?? 1;
      const end = args.end_line ?? 1_000_000_000;
      if (end < start) return { error: "end_line must be >= start_line" };
      // "./" keeps awk from reading a path as an option or as a `name=value` assignment.
      return {
        argv: [
          "awk",
          "-v",
          `s=${start}`,
          "-v",
          `e=${end}`,
          'NR>=s && NR<=e { printf "%6d  %s\\n", NR, $0 } NR>e { exit }',
          `./${p.path}`,
        ],
        timeoutMs: fileTimeout,
      };
    }
    case "list_dir": {
      const p = repoPath((parsed.data as { path: string }).path);
      if ("error" in p) return p;
      return { argv: ["ls", "-lA", "--", p.path], timeoutMs: fileTimeout };
    }
    case "grep": {
      const args = parsed.data as z.infer<typeof toolArgSchemas.grep>;
      const p = repoPath(args.path ?? ".");
      if ("error" in p) return p;
      return { argv: ["grep", "-rnIE", "--", args.pattern, p.path], timeoutMs: fileTimeout };
    }
    case "run": {
      const args = parsed.data as z.infer<typeof toolArgSchemas.run>;
      return { argv: ["sh", "-c", args.command], timeoutMs: (args.timeout_s ?? DEFAULT_RUN_TIMEOUT_S) * 1000 };
    }
  }
}

/** What the model sees of a command's result: exit status, output cut to the documented size. */
export function formatToolOutput(result: ExecResult): string {
  let text = result.stdout;
  if (result.stderr) text += (text && !text.endsWith("\n") ? "\n" : "") + `[stderr]\n${result.stderr}`;
  // The OOM killer may take one process of a command that carries on: its exit status is then worth keeping.
  const status = result.oomKilled
    ? result.exitCode === KILLED_EXIT_STATUS || result.exitCode === null
      ? "[killed: out of memory]"
      : `[exit status ${result.exitCode}; a process of the command was killed: out of memory]`
    : result.timedOut
      ? "[killed: time limit reached]"
      : `[exit status ${result.exitCode ?? "unknown"}]`;
  return `${truncateOutput(text, result.droppedBytes)}\n${status}`;
}

export function truncateOutput(text: string, droppedBytes = 0): string {
  const limit = TOOL_OUTPUT_HEAD_CHARS + TOOL_OUTPUT_TAIL_CHARS;
  if (text.length <= limit && droppedBytes === 0) return text;
  if (text.length <= limit) return `${text}\n[... ${droppedBytes} more bytes not captured ...]`;
  const cut = text.length - limit;
  const more = droppedBytes ? ` and ${droppedBytes} bytes not captured` : "";
  return `${text.slice(0, TOOL_OUTPUT_HEAD_CHARS)}\n[... ${cut} characters cut${more} ...]\n${text.slice(-TOOL_OUTPUT_TAIL_CHARS)}`;
}

/**
 * The findings of submit_findings, validated one by one with the findings-file schema (each item gets the pass's
 * repository as `repo`). Any problem is returned to the model by path, so it can correct and submit again.
 */
export function validateSubmittedFindings(
  rawArgs: unknown,
  repo: string,
): { findings: FindingInput[] } | { error: string } {
  const parsed = toolArgSchemas.submit_findings.safeParse(rawArgs);
  if (!parsed.success)
    return {
      error: `invalid arguments for submit_findings: ${parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join("; ")}`,
    };
  const findings: FindingInput[] = [];
  const problems: string[] = [];
  parsed.data.findings.forEach((item, index) => {
    const withRepo =
      item && typeof item === "object" && !Array.isArray(item) ? { ...(item as Record<string, unknown>), repo } : item;
    const result = findingSchema.safeParse(withRepo);
    if (result.success) {
      const p = repoPath(result.data.file);
      findings.push({ ...result.data, file: "error" in p ? result.data.file : p.path });
    } else
      for (const issue of result.error.issues)
        problems.push(`${formatPath(["findings", index, ...issue.path])}: ${issue.message}`);
  });
  if (problems.length)
    return {
      error: `submit_findings was not accepted; fix these and call it again:\n${problems.slice(0, 50).join("\n")}`,
    };
  return { findings };
}
