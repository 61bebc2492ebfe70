import { z } from "zod";

// Shapes every API answer shares: the error body (lib/errors.ts writes it), page info, scores and intervals. Each
// schema carries an `id`, so the OpenAPI document (lib/contracts/openapi-document.ts) names it as a component.

const ERROR_CODES = [
  "invalid_json",
  "invalid_input",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "unavailable",
  "internal",
] as const;

const fieldIssueSchema = z.object({ path: z.string(), message: z.string() }).meta({ id: "FieldIssue" });

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: "Written for people; never internal error text" }),
      issues: z
        .array(fieldIssueSchema)
        .optional()
        .meta({ description: "Every bad field by JSON path (422), at most 1,000" }),
    }),
  })
  .meta({
    id: "Error",
    example: {
      error: {
        code: "invalid_input",
        message: "The findings file is invalid: 1 problem",
        issues: [{ path: "findings[3].line_end", message: "must be >= line_start" }],
      },
    },
  });

// Page-number pagination for the account and admin lists: links stay shareable (?page=3) and the total is shown.
export const pageQuerySchema = {
  page: z.coerce.number().int().min(1, "must be 1 or more").max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
};

export const pageInfoSchema = z
  .object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), pages: z.number().int() })
  .meta({ id: "PageInfo", example: { page: 1, per_page: 50, total: 3, pages: 1 } });
export type PageInfo = z.infer<typeof pageInfoSchema>;

export const timestampSchema = z.string().meta({ format: "date-time", example: "2026-12-01T14:50:00.000Z" });

/** A fraction in 0..1, or null when its denominator is empty (shown as "n/a"). */
/** A bug's located text in the files' and the API's field names, in their order: what the judge reads of it. */
export const bugTextShape = {
  repo: z.string(),
  file: z.string(),
  line_start: z.number().int(),
  line_end: z.number().int(),
  title: z.string(),
  description: z.string(),
  code_snippet: z.string(),
};

export const ratioSchema = z.number().nullable();
export const intervalSchema = z
  .tuple([z.number(), z.number()])
  .meta({ id: "Interval", description: "95% Clopper-Pearson interval [low, high]" });

// Counts are null only for reported entries transcribed without them (lib/scoring/types.ts StoredScore); the mean
// over repeated runs averages them, so they need not be whole.
/** The example score of the API reference: 1 of 4 reference bugs found by 1 of 2 findings. */
export const SCORE_EXAMPLE = {
  recall: 0.25,
  precision: 0.5,
  f1: 0.3333,
  matched_reference_bugs: 1,
  reference_bugs: 4,
  matched_findings: 1,
  findings: 2,
};
/** A count that need not be whole: the mean over runs for repeated runs, derived from published figures for reported rows. */
export const countSchema = z.number().nullable().meta({ description: "A count; the mean over runs for repeated runs" });
export const scoreSchema = z
  .looseObject({
    recall: ratioSchema,
    precision: ratioSchema,
    f1: ratioSchema,
    matched_reference_bugs: countSchema,
    reference_bugs: countSchema,
    matched_findings: countSchema,
    findings: countSchema,
  })
  .meta({ id: "Score", example: SCORE_EXAMPLE });

export const scoreBreakdownSchema = z
  .looseObject({
    overall: scoreSchema,
    languages: z.array(scoreSchema.extend({ language: z.string() })),
    repositories: z.array(scoreSchema.extend({ repo: z.string(), language: z.string() })),
  })
  .meta({ id: "ScoreBreakdown" });

export const scoringStatusSchema = z.enum(["queued", "scoring", "scored", "failed", "awaiting_approval", "withdrawn"]);
export const reviewStatusSchema = z.enum(["pending", "approved", "rejected", "withdrawn"]);
export const roleSchema = z.enum(["user", "maintainer", "admin"]);
export const severityOrNull = z.enum(["low", "medium", "high", "critical"]).nullable();

export const proportionSchema = z
  .object({
    value: z.number().nullable(),
    successes: z.number().int(),
    trials: z.number().int(),
    interval: intervalSchema.nullable(),
  })
  .meta({
    id: "Proportion",
    description: "successes / trials with its 95% Clopper-Pearson interval; null without trials",
  });
export type Proportion = z.infer<typeof proportionSchema>;
