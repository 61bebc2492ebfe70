import { z } from "zod";
import "../zod-messages";
import { bidiControlProblem, climbsOutOfRepository, normaliseRepoPath } from "./safe-text";

// Limits on uploaded text, documented in the README ("File formats"). Postgres cannot store NUL characters,
// and unbounded fields would let one file exhaust memory in the matcher.
export const TEXT_LIMITS = {
  id: 200,
  repo: 200,
  file: 1_000,
  title: 500,
  description: 20_000,
  codeSnippet: 20_000,
  suggestedFix: 20_000,
  category: 200,
  trigger: 200,
  model: 200,
  shortLabel: 200,
} as const;

const MAX_LINE = 10_000_000;

export function boundedText(max: number) {
  return z
    .string()
    .max(max, { message: `must be at most ${max} characters` })
    .refine((s) => !s.includes("\u0000"), { message: "must not contain NUL characters" })
    .superRefine((s, ctx) => {
      const problem = bidiControlProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

export function requiredText(max: number) {
  return boundedText(max).refine((s) => s.trim().length > 0, { message: "must not be empty" });
}

/** A file path inside the repository: one that climbs out is refused, others are stored normalised (`a/./b` is `a/b`). */
const repoFileSchema = requiredText(TEXT_LIMITS.file)
  .refine((s) => !climbsOutOfRepository(s), { message: "must stay inside the repository (no `..` above its root)" })
  .overwrite(normaliseRepoPath);

const severitySchema = z.enum(["low", "medium", "high", "critical"]);

const lineNumberSchema = z
  .number()
  .int({ message: "must be an integer" })
  .min(1, { message: "must be >= 1" })
  .max(MAX_LINE);

/**
 * When checkLineRange runs: as soon as both line numbers are valid, even if other fields of the record are not, so
 * one answer lists a backwards range together with every other bad field (zod skips refinements of an object with
 * bad fields unless told when to run them).
 */
export const WHEN_LINES_PARSE = {
  when: (payload: z.core.ParsePayload): boolean => {
    const value = payload.value as { line_start?: unknown; line_end?: unknown } | null;
    return lineNumberSchema.safeParse(value?.line_start).success && lineNumberSchema.safeParse(value?.line_end).success;
  },
};

/** Adds an issue on line_end when a record's range runs backwards (with WHEN_LINES_PARSE). */
export function checkLineRange(value: { line_start: number; line_end: number }, ctx: z.RefinementCtx): void {
  if (value.line_end < value.line_start) {
    ctx.addIssue({ code: "custom", path: ["line_end"], message: `must be >= line_start (${value.line_start})` });
  }
}

/**
 * The fields every bug record has, a reference bug and a finding alike (findings use the same fields).
 * Reference bugs and findings extend this shape with their id rules (and a finding with its confidence).
 */
export const BUG_RECORD_SHAPE = {
  repo: requiredText(TEXT_LIMITS.repo),
  file: repoFileSchema,
  line_start: lineNumberSchema,
  line_end: lineNumberSchema,
  title: requiredText(TEXT_LIMITS.title),
  description: requiredText(TEXT_LIMITS.description),
  code_snippet: boundedText(TEXT_LIMITS.codeSnippet).optional(),
  severity: severitySchema.optional(),
  suggested_fix: boundedText(TEXT_LIMITS.suggestedFix).optional(),
  category: boundedText(TEXT_LIMITS.category).optional(),
  trigger: boundedText(TEXT_LIMITS.trigger).optional(),
};

export type BugRecord = z.infer<z.ZodObject<typeof BUG_RECORD_SHAPE>>;

/** The text of a bug record that the matcher reads, judges, embeds and hashes (lib/scoring/types.ts BugText adds its id and repository). */
export type BugContent = {
  file: string;
  lineStart: number;
  lineEnd: number;
  title: string;
  description: string;
  codeSnippet: string;
};

/** The inverse of bugTextOf: a bug's text in the files' and the API's field names, in their order. */
export function bugTextFields(b: BugContent) {
  return {
    file: b.file,
    line_start: b.lineStart,
    line_end: b.lineEnd,
    title: b.title,
    description: b.description,
    code_snippet: b.codeSnippet,
  };
}

export function bugTextOf(record: BugRecord): BugContent {
  return {
    file: record.file,
    lineStart: record.line_start,
    lineEnd: record.line_end,
    title: record.title,
    description: record.description,
    codeSnippet: record.code_snippet ?? "",
  };
}
