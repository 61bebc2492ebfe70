import { z } from "zod";
import { pipelineSchema } from "../validation/benchmark-file";
import { bugPoolFamilySchema, reportedBugPoolSchema } from "../validation/reported-file";

// A benchmark version's datasheet: what the paper's Appendix A shows about PROBE, computed from the version's own
// imported data (Tables 1, 6, 8, 9, the held-out check, Figures 3 and 10), with the published values beside it for
// a version whose results were transcribed from the paper. Pure zod: lib/datasheet builds it, lib/server stores it,
// the page and the API read it.

/** The tables of the CSV download, one a request. */
const DATASHEET_TABLES = ["pipeline", "repositories", "calendar", "fits", "held_out", "density", "horizons"] as const;

export const datasheetQuerySchema = z.object({
  format: z.enum(["json", "csv"]).default("json"),
  table: z.enum(DATASHEET_TABLES).default("repositories").meta({
    description: "Which table the CSV holds (Table 1, 6, Figure 10, Table 8, held-out check, Figure 3, Table 9)",
  }),
});

export const datasheetPathSchema = z.object({
  slug: z.string().meta({ description: "The benchmark's slug" }),
  version: z.string().meta({ description: "The version" }),
});

const family = bugPoolFamilySchema;

/** What cannot be computed and which field of the benchmark (or fix-dates) file, or which step, provides it. */
const missingPartSchema = z.object({
  part: z.string().meta({ description: 'The table or figure, e.g. "Table 1"' }),
  field: z.string().meta({ description: 'What provides it, e.g. "pipeline" or "repositories[].fix_commits"' }),
  detail: z.string(),
});

/** A Table 6 cell: the value, or null with the field that provides it. */
const datasheetCellSchema = z.object({
  value: z.number().nullable(),
  missing: z.string().nullable().meta({ description: "The field or step that provides a missing value" }),
});

const pipelineStageSchema = z.object({
  stage: pipelineSchema.keyof(),
  label: z.string(),
  count: z.number().int(),
  change_pct: z.number().nullable().meta({ description: "Change against the previous stage, in %" }),
});

const repositoryRowSchema = z.object({
  repo: z.string(),
  language: z.string(),
  domain: z.string().nullable(),
  files: datasheetCellSchema,
  kloc: datasheetCellSchema,
  passes: datasheetCellSchema,
  tests: datasheetCellSchema,
  commits: datasheetCellSchema,
  fix_commits: datasheetCellSchema,
  bugs: z.number().int(),
  planner_version: z.string().nullable(),
});

const calendarSchema = z.object({
  months: z.array(z.string()).meta({ description: "YYYY-MM, the months of the reference window" }),
  fix_commits: z.number().int().meta({ description: "Bug-fixing commits counted (inside the window)" }),
  outside_window: z.number().int().meta({ description: "Listed bug-fixing commits dated outside the window" }),
  uniform_pct: z.number().meta({ description: "The share of each month under uniform activity, in %" }),
  shares_pct: z.array(z.number()).meta({ description: "Share of all fix commits in each month, in %" }),
  repositories: z.array(
    z.object({
      repo: z.string(),
      fix_commits: z.number().int(),
      shares_pct: z.array(z.number()).meta({ description: "Monthly shares of this repository's commits (sum 100)" }),
    }),
  ),
});

const estimateSchema = z.object({ value: z.number(), se: z.number().nullable() });

const bugPoolSchema = z.object({
  bugs: z.number().int().meta({ description: "Reference bugs with a fix position (full window)" }),
  first_half_bugs: z.number().int(),
  repositories: z.number().int().meta({ description: "Repositories with bugs with a fix position" }),
  unpositioned_bugs: z
    .number()
    .int()
    .meta({ description: "Reference bugs left out: no fix_commit, or their repository lists no fix commits" }),
  fits: z.array(
    z.object({
      family,
      parameters: z.array(
        z.object({ name: z.string(), full: estimateSchema.nullable(), first_half: estimateSchema.nullable() }),
      ),
    }),
  ),
  held_out: z.array(
    z.object({
      family,
      predicted: z.number(),
      observed: z.number().int(),
      underprediction_pct: z.number().nullable(),
    }),
  ),
  position_density: z
    .array(
      z.object({
        from: z.number(),
        to: z.number(),
        observed: z.number().int(),
        expected: z.object({ exponential: z.number(), weibull: z.number(), lognormal: z.number() }),
      }),
    )
    .meta({ description: "Figure 3: bugs per bin of position within each window (t / N), with first-half fits" }),
  horizons: z.array(
    z.object({
      family,
      five_years: z.number().nullable(),
      ten_years: z.number().nullable(),
      total: z.number().nullable().meta({ description: "The whole tail; null when infinite" }),
      total_infinite: z.boolean(),
    }),
  ),
  horizons_missing: z.string().nullable().meta({ description: "Why the 5- and 10-year columns are empty" }),
});

const reportedNumber = z.number().nullable();

export const reportedDatasheetSchema = z.object({
  source: z.string(),
  pipeline: pipelineSchema.nullable(),
  repositories: z.array(
    z.object({
      repo: z.string(),
      files: reportedNumber,
      kloc: reportedNumber,
      passes: reportedNumber,
      tests: reportedNumber,
      commits: reportedNumber,
      fix_commits: reportedNumber,
      bugs: reportedNumber,
    }),
  ),
  bug_pool: reportedBugPoolSchema.nullable(),
});

/** current: computed from the version's data as they are; computing: queued or running in the worker; failed. */
const DATASHEET_STATUSES = ["current", "computing", "failed"] as const;

/** What the worker computes and stores (the BenchmarkDatasheet row); the answer adds the row's status. */
export const computedDatasheetSchema = z.object({
  benchmark: z.object({
    key: z.string(),
    slug: z.string(),
    version: z.string(),
    name: z.string(),
    snapshot_date: z.string(),
    reference_window_end: z.string().nullable(),
    window_months: z.number().nullable(),
  }),
  input_hash: z.string().meta({ description: "sha256 of the data the sheet was computed from" }),
  computed_at: z.string(),
  missing: z.array(missingPartSchema),
  pipeline: z
    .object({
      stages: z.array(pipelineStageSchema),
      reference_bugs: z.number().int().meta({ description: "Reference bugs imported, beside the last stage" }),
    })
    .nullable(),
  repositories: z.array(repositoryRowSchema),
  calendar: calendarSchema.nullable(),
  bug_pool: bugPoolSchema.nullable(),
  reported: reportedDatasheetSchema.nullable().meta({ description: "Published values, for a transcribed version" }),
});
export type ComputedDatasheet = z.infer<typeof computedDatasheetSchema>;

export const datasheetSchema = computedDatasheetSchema
  .extend({
    status: z.enum(DATASHEET_STATUSES).meta({
      description:
        "current: computed from the version's data as they are; computing: the worker is recomputing it after the data changed (the parts are the previous computation's, or empty before the first one ends); failed: the last computation failed (status_detail says why; the parts are the previous computation's)",
    }),
    status_detail: z.string().nullable(),
    input_hash: z
      .string()
      .nullable()
      .meta({ description: "sha256 of the data the sheet was computed from; null before the first computation ends" }),
    computed_at: z.string().nullable(),
  })
  .meta({ id: "BenchmarkDatasheet" });

export type Datasheet = z.infer<typeof datasheetSchema>;
export type MissingPart = z.infer<typeof missingPartSchema>;
export type DatasheetCell = z.infer<typeof datasheetCellSchema>;
export type RepositoryRow = z.infer<typeof repositoryRowSchema>;
export type Calendar = z.infer<typeof calendarSchema>;
export type BugPool = z.infer<typeof bugPoolSchema>;
export type ReportedDatasheet = z.infer<typeof reportedDatasheetSchema>;
export type FamilyName = z.infer<typeof family>;
export type DatasheetTable = (typeof DATASHEET_TABLES)[number];
