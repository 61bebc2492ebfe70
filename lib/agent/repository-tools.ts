import { z } from "zod";
import { formatPath } from "../errors";
import { repoPath, truncateOutput } from "./tools";
import { SUBMIT_VERDICT } from "./sandbox-judge";
import { panelReplyJsonSchema } from "../panel/verdicts";

// The panel judges' read-only repository tools (§2.3, F.6.2: judges check the cited code, its callers and guards in
// the repository itself, not in the submitter's quoted snippet). They run on the worker over the extracted snapshot,
// need no sandbox, and every output is bounded. grep takes a fixed string, never a regular expression: a hostile
// pattern cannot make it backtrack, and the work is linear in the bytes scanned, which are capped too. Pure: the
// reads themselves are in worker/features/panel/panel-repository-tools.ts.

export const REPOSITORY_TOOL_NAMES = ["read_file", "list_dir", "grep"] as const;
type RepositoryToolName = (typeof REPOSITORY_TOOL_NAMES)[number];

/** A file read (or scanned by grep) is at most this many bytes; larger files are cut and say so. */
export const READ_MAX_BYTES = 1024 * 1024;
/** grep scans at most this many files (in path order) and reports at most this many matching lines. */
export const GREP_MAX_FILES = 5_000;
export const GREP_MAX_MATCHES = 200;
const GREP_MAX_LINE_CHARS = 300;
const LIST_MAX_ENTRIES = 500;
const MAX_PATTERN = 200;

const pathArg = z
  .string()
  .max(1_000)
  .refine((s) => !s.includes("\u0000"), "must not contain NUL characters");
const repositoryToolArgSchemas = {
  read_file: z.object({
    path: pathArg,
    start_line: z.number().int().min(1).optional(),
    end_line: z.number().int().min(1).optional(),
  }),
  list_dir: z.object({ path: pathArg.default(".") }),
  grep: z.object({
    pattern: z.string().min(1).max(MAX_PATTERN),
    path: pathArg.optional(),
    ignore_case: z.boolean().optional(),
  }),
} as const;

const fn = (name: string, description: string, properties: Record<string, unknown>, required: string[]) => ({
  type: "function" as const,
  function: { name, description, parameters: { type: "object", properties, required } },
});

/** The `tools` of a judge that reads the repository without a sandbox. */
export const REPOSITORY_TOOL_DEFINITIONS = [
  fn(
    "read_file",
    "Read a file of the repository snapshot (with line numbers). Lines are 1-based; without a range the whole file (output is truncated).",
    {
      path: { type: "string" },
      start_line: { type: "integer", minimum: 1 },
      end_line: { type: "integer", minimum: 1 },
    },
    ["path"],
  ),
  fn("list_dir", "List a directory of the repository snapshot.", { path: { type: "string" } }, ["path"]),
  fn(
    "grep",
    `Search the repository snapshot for a fixed string (not a regular expression), at most ${MAX_PATTERN} characters; prints path:line:text of at most ${GREP_MAX_MATCHES} matching lines.`,
    {
      pattern: { type: "string" },
      path: { type: "string", description: "a file or directory to search under (default: the whole repository)" },
      ignore_case: { type: "boolean" },
    },
    ["pattern"],
  ),
  {
    type: "function" as const,
    function: {
      name: SUBMIT_VERDICT,
      description: "Submit your verdict on the finding and end the review.",
      parameters: panelReplyJsonSchema,
    },
  },
];

export type ParsedRepositoryCall =
  | { tool: "read_file"; path: string; start: number; end: number }
  | { tool: "list_dir"; path: string }
  | { tool: "grep"; pattern: string; path: string; ignoreCase: boolean };

/** A tool call's validated arguments, with its path made relative to the repository root, or a message for the judge. */
export function parseRepositoryCall(name: string, raw: unknown): ParsedRepositoryCall | { error: string } {
  if (!(REPOSITORY_TOOL_NAMES as readonly string[]).includes(name))
    return { error: `Unknown tool ${name}. The tools are ${REPOSITORY_TOOL_NAMES.join(", ")} and ${SUBMIT_VERDICT}.` };
  const tool = name as RepositoryToolName;
  const parsed = repositoryToolArgSchemas[tool].safeParse(raw);
  if (!parsed.success)
    return {
      error: `invalid arguments for ${tool}: ${parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join("; ")}`,
    };
  const args = parsed.data as {
    path?: string;
    start_line?: number;
    end_line?: number;
    pattern?: string;
    ignore_case?: boolean;
  };
  const p = repoPath(args.path ?? ".");
  if ("error" in p) return p;
  if (tool === "read_file") {
    const start = args.start_line ?? 1;
    const end = args.end_line ?? Number.MAX_SAFE_INTEGER;
    if (end < start) return { error: "end_line must be >= start_line" };
    return { tool, path: p.path, start, end };
  }
  if (tool === "list_dir") return { tool, path: p.path };
  return { tool, pattern: args.pattern!, path: p.path, ignoreCase: args.ignore_case ?? false };
}

const isBinary = (content: Buffer) => content.subarray(0, 8_000).includes(0);

/** read_file's output: numbered lines of the range (as the sandboxed tool prints them), bounded. */
export function formatFileLines(rel: string, content: Buffer | null, start: number, end: number): string {
  if (!content) return `${rel}: no such regular file in the snapshot (links are not followed).`;
  if (isBinary(content)) return `${rel}: a binary file.`;
  const lines = content.toString("utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out: string[] = [];
  for (let n = start; n <= Math.min(end, lines.length); n++) out.push(`${String(n).padStart(6)}  ${lines[n - 1]}`);
  const cut =
    content.length >= READ_MAX_BYTES
      ? `\n[... the file is longer than ${READ_MAX_BYTES} bytes; the rest is not shown ...]`
      : "";
  if (out.length === 0)
    return `${rel}: no lines in ${start}-${end === Number.MAX_SAFE_INTEGER ? "end" : end} (the file has ${lines.length}).`;
  return truncateOutput(out.join("\n") + cut);
}

export function formatDirListing(
  rel: string,
  entries: readonly { name: string; type: "file" | "dir" | "symlink"; size: number }[] | null,
): string {
  if (!entries) return `${rel}: no such directory in the snapshot (links are not followed).`;
  if (entries.length === 0) return `${rel}: an empty directory.`;
  const shown = entries
    .slice(0, LIST_MAX_ENTRIES)
    .map((e) =>
      e.type === "dir"
        ? `${e.name}/`
        : e.type === "symlink"
          ? `${e.name} (symbolic link, not followed)`
          : `${e.name}  ${e.size} bytes`,
    );
  const more = entries.length > LIST_MAX_ENTRIES ? `\n[... ${entries.length - LIST_MAX_ENTRIES} more entries ...]` : "";
  return truncateOutput(shown.join("\n") + more);
}

/** The matching lines of one file's content as `path:line:text`, at most `limit`; fixed-string search only. */
export function grepContent(
  rel: string,
  content: Buffer,
  pattern: string,
  ignoreCase: boolean,
  limit: number,
): string[] {
  if (limit <= 0 || isBinary(content)) return [];
  const needle = ignoreCase ? pattern.toLowerCase() : pattern;
  const out: string[] = [];
  const lines = content.toString("utf8").split("\n");
  for (let i = 0; i < lines.length && out.length < limit; i++) {
    const line = lines[i]!;
    if ((ignoreCase ? line.toLowerCase() : line).includes(needle))
      out.push(
        `${rel}:${i + 1}:${line.length > GREP_MAX_LINE_CHARS ? `${line.slice(0, GREP_MAX_LINE_CHARS)}…` : line}`,
      );
  }
  return out;
}

/** Whether a snapshot file lies at or under the grep path ("." is everything). */
export function underPath(file: string, dir: string): boolean {
  return dir === "." || file === dir || file.startsWith(`${dir}/`);
}

export function formatGrep(
  pattern: string,
  matches: readonly string[],
  scanned: number,
  skippedFiles: number,
  capped: boolean,
): string {
  const notes = [
    capped ? `[stopped at ${GREP_MAX_MATCHES} matching lines]` : null,
    skippedFiles > 0 ? `[${skippedFiles} files not searched: the search covers at most ${GREP_MAX_FILES} files]` : null,
  ].filter(Boolean);
  if (matches.length === 0)
    return [`No line contains ${JSON.stringify(pattern)} (${scanned} files searched).`, ...notes].join("\n");
  return truncateOutput([...matches, ...notes].join("\n"));
}
