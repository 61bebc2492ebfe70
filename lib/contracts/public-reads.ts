import { z } from "zod";
import { benchmarkRefSchema as benchmarkRefTextSchema } from "../validation/benchmark-ref";
import { passPlanSchema } from "../validation/pass-plan";
import {
  countSchema,
  intervalSchema,
  pageInfoSchema,
  pageQuerySchema,
  ratioSchema,
  scoreSchema,
  timestampSchema,
} from "./common";

// The public reads: benchmarks, leaderboard, repositories and plans, with their query strings (bug types in
// bug-types.ts).

const benchmarkQuery = benchmarkRefTextSchema.optional();

export const downloadQuerySchema = z.object({
  benchmark: benchmarkQuery,
  format: z.enum(["json", "csv"]).default("json"),
});

/** A past date to see the board as of: a calendar date, not after today (UTC). */
export const asOfQuery = z.iso
  .date({ message: "must be a date, YYYY-MM-DD" })
  .refine((d) => d <= new Date().toISOString().slice(0, 10), { message: "must not be after today (UTC)" })
  .optional()
  .meta({ description: "YYYY-MM-DD (UTC): the board as it stood at the end of that day (docs/api.md#board-history)" });

export const leaderboardQuerySchema = downloadQuerySchema.extend({
  // Comma-separated owner/name list; the view pools counts over exactly these repositories.
  repos: z
    .string()
    .max(20_000)
    .optional()
    .transform((v) =>
      v
        ? [
            ...new Set(
              v
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    ),
  language: z.string().trim().toLowerCase().max(50).optional(),
  as_of: asOfQuery,
});

// GET /api/v1/repositories/{owner}/{name}/plan
export const planQuerySchema = z.object({ benchmark: benchmarkQuery });

export const benchmarkRefSchema = z
  .looseObject({
    id: z.string(),
    slug: z.string(),
    version: z.string(),
    name: z.string(),
    key: z.string(),
    snapshotDate: z.string(),
  })
  .meta({ id: "BenchmarkRef" });

export const benchmarkListSchema = z
  .object({
    benchmarks: z.array(
      z.looseObject({
        slug: z.string(),
        name: z.string(),
        version: z.string(),
        snapshot_date: z.string(),
        reference_bugs: z.number().int(),
        repositories: z.array(
          z.looseObject({
            name: z.string(),
            language: z.string(),
            domain: z.string().nullable(),
            reference_bugs: z.number().int(),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "BenchmarkList",
    example: {
      benchmarks: [
        {
          slug: "probe",
          name: "PROBE",
          version: "2026.1",
          snapshot_date: "2026-01-15",
          reference_bugs: 413,
          repositories: [{ name: "acme/widgets", language: "python", domain: "web", reference_bugs: 12 }],
        },
      ],
    },
  });

const contaminationSummarySchema = z
  .looseObject({
    source: z.enum(["computed", "reported"]),
    runs: z.number().int(),
    tested_runs: z.number().int(),
    max_d: z.number().nullable(),
    min_p: z.number().nullable(),
    min_p_holm: z.number().nullable().meta({
      description: "Smallest Holm-adjusted p over the runs; null until the entry is in the adjusted family (approved)",
    }),
    holm_family: z
      .number()
      .int()
      .nullable()
      .meta({ description: "How many tests min_p_holm adjusts across (Table 16 of the paper: 27)" }),
    knowledge_cutoff: z.string().nullable(),
    cutoff_position: z.enum(["inside", "before", "after", "unknown"]),
    no_test_reason: z.string().nullable(),
  })
  .meta({ id: "ContaminationSummary", description: "§C.4: the fix-rank tests of the configuration's runs" });

export const postCutoffRecallSchema = z
  .object({
    knowledge_cutoff: z.string(),
    reference_bugs: z.number().int().meta({ description: "Reference bugs whose fix is dated after the cut-off" }),
    matched_reference_bugs: z
      .number()
      .nullable()
      .meta({ description: "Of those, matched (mean over runs); null for reported entries" }),
    recall: z.number().nullable(),
    newest_version_after_cutoff: z.string().nullable().meta({
      description: "The newest version of the benchmark (slug@version) whose window starts after the cut-off",
    }),
  })
  .meta({
    id: "PostCutoffRecall",
    description: "Recall over the reference bugs fixed after the entry's knowledge cut-off, beside the full recall",
  });

const rangeSchema = z.object({ min: z.number(), max: z.number() }).nullable();
export const leaderboardSchema = z
  .looseObject({
    benchmark: benchmarkRefSchema,
    scope: z.object({ repos: z.array(z.string()), language: z.string().nullable() }),
    scope_reference_bugs: z.number().int().nullable(),
    as_of: z.iso.date().nullable().meta({
      description:
        "The past date (UTC) the board is shown as of: the entries on the board at the end of that day, with today's scores; null for today's board",
    }),
    stamp: z.string(),
    rows: z.array(
      scoreSchema.extend({
        recall_ci: intervalSchema.nullable(),
        precision_ci: intervalSchema.nullable(),
        id: z.string(),
        model: z.string(),
        reasoning_effort: z.string().nullable(),
        harness: z.string().nullable(),
        source: z.enum(["verified", "reported"]),
        coverage: z.string(),
        cost_usd: z.number().nullable(),
        runs: z.number().int(),
        date: z.string().nullable(),
        offline_judge: z.boolean().nullable(),
        offline_embedder: z.boolean().nullable().meta({
          description:
            "Scored with the offline embedder instead of all-MiniLM-L6-v2 (the embedding signals rarely fire); null for reported rows",
        }),
        report_url: z.string().nullable(),
        open_model: z.boolean().nullable().meta({
          description:
            "The submitter states the model's weights are published (true) or not (false); null when not stated",
        }),
        organisation: z.string().nullable().meta({ description: "The organisation that made the model, as stated" }),
        model_licence: z
          .string()
          .nullable()
          .meta({ description: "The model's licence (an SPDX id or a short name), as stated" }),
        parameter_count: z.number().int().nullable().meta({ description: "The model's parameter count, as stated" }),
        panel_validity: z.number().nullable(),
        panel_validity_ci: intervalSchema.nullable(),
        panel_graded: z.number().int().nullable().meta({
          description:
            "Of a verified panel's sample, the findings maintainers graded blind; the agreement is under GET /api/v1/grading/judge-quality",
        }),
        panel_text_only: z.number().int().nullable().meta({
          description:
            "Of a verified panel's sample, the findings judged from their text alone (no snapshot); null for reported rows",
        }),
        panel_validity_basis: z.enum(["repository_checked", "text_only", "reported"]).nullable().meta({
          description:
            "What panel_validity rests on: the verdicts of judges that read the repository (wherever any exist), only text-only verdicts (no repository was checked), or the published figure",
        }),
        panel_text_only_validity: z.number().nullable().meta({
          description: "Validity of the text-only verdicts, beside a repository-checked panel_validity; null otherwise",
        }),
        panel_text_only_ci: intervalSchema.nullable(),
        panel_sampled: z.number().int().nullable().meta({
          description: "Of a verified panel: the findings its sample holds; null for reported rows",
        }),
        panel_checked_share: z.number().nullable().meta({
          description:
            "A repository-checked panel_validity beside text-only verdicts rests on a subset chosen by repository (those with a snapshot), not at random: its share of panel_sampled. null when panel_validity is the whole sample",
        }),
        panel_whole_validity: z.number().nullable().meta({
          description:
            "Validity of the whole sample (repository-checked and text-only verdicts pooled) beside such a subset; null otherwise",
        }),
        panel_whole_ci: intervalSchema.nullable(),
        contamination: contaminationSummarySchema.nullable(),
        post_cutoff: postCutoffRecallSchema.nullable(),
        range: z.object({ recall: rangeSchema, precision: rangeSchema, f1: rangeSchema }).nullable(),
        complete: z.boolean(),
      }),
    ),
  })
  .meta({ id: "Leaderboard" });

// GET /api/v1/submissions/{id}/rank-history
export const rankHistoryQuerySchema = z.object({ format: z.enum(["json", "csv"]).default("json") });

export const rankHistorySchema = z
  .looseObject({
    id: z.string(),
    benchmark: benchmarkRefSchema,
    coverage: z.string().meta({ description: "The coverage the entry is ranked within (`full`: every repository)" }),
    stamp: z.string(),
    points: z.array(
      z.object({
        date: z.iso.date(),
        rank: z
          .number()
          .int()
          .nullable()
          .meta({ description: "Rank by F1 at the end of the day; null while off the board" }),
        ranked: z.number().int().meta({ description: "Entries ranked that day" }),
      }),
    ),
  })
  .meta({ id: "RankHistory" });

const configurationSchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  model: z.string(),
  reasoning_effort: z.string().nullable(),
  harness: z.string().nullable(),
  source: z.enum(["reported", "verified"]),
  coverage: z.string(),
  f1: z.number().nullable(),
});
const repositorySummarySchema = z.looseObject({
  name: z.string(),
  language: z.string(),
  domain: z.string().nullable(),
  snapshot_commit: z.string().nullable(),
  reference_bugs: z.number().int().nullable(),
  mean_recall: z.number().nullable(),
  mean_precision: z.number().nullable(),
  configurations_with_cells: z.number().int(),
});
export const tableCellSchema = z.looseObject({
  recall: ratioSchema,
  precision: ratioSchema,
  recall_ci: intervalSchema.nullable(),
  precision_ci: intervalSchema.nullable(),
  // Means over runs for repeated runs, and derived from the published percentages for reported rows: not always whole.
  matched_reference_bugs: countSchema,
  reference_bugs: countSchema,
  matched_findings: countSchema,
  findings: countSchema,
});
// A table row: the repository (or language pool) and one cell per configuration id (the paper's Tables 12-13).
const tableRowSchema = z.looseObject({
  pooled: z.boolean(),
  mean_recall: z.number().nullable(),
  mean_precision: z.number().nullable(),
  cells: z.record(z.string(), tableCellSchema),
});

export const repositoryTablesSchema = z
  .looseObject({
    benchmark: benchmarkRefSchema,
    configurations: z.array(configurationSchema),
    repositories: z.array(repositorySummarySchema),
    tables: z.array(z.looseObject({ language: z.string(), rows: z.array(tableRowSchema), pooled: tableRowSchema })),
  })
  .meta({ id: "RepositoryTables" });

export const repositoryDetailSchema = z
  .looseObject({
    benchmark: benchmarkRefSchema,
    repository: repositorySummarySchema,
    rows: z.array(tableCellSchema.extend({ configuration: configurationSchema })),
  })
  .meta({ id: "RepositoryDetail" });

export const repositoryPlanSchema = z
  .looseObject({
    benchmark: z.string(),
    repository: z.string(),
    snapshot: z.object({
      sha256: z.string(),
      files: z.number().int(),
      lines: z.number().int(),
      languages: z.record(z.string(), z.number()),
      image: z.string().nullable(),
      imported_at: timestampSchema,
    }),
    plan: passPlanSchema,
  })
  .meta({ id: "RepositoryPlan" });

/** Where an entry not yet on the board stands, as the public queue shows it (no error text, no review reason). */
export const QUEUE_STATUSES = ["queued", "scoring", "awaiting_approval", "failed", "awaiting_review"] as const;
const queueStatusSchema = z.enum(QUEUE_STATUSES).meta({
  description:
    "queued: waiting for a worker; scoring: being scored; awaiting_approval: its judge calls wait for an admin; failed: scoring failed (the submitter sees why); awaiting_review: scored, waiting for an admin's review",
});

export const queueQuerySchema = z.object({
  ...pageQuerySchema,
  status: queueStatusSchema.optional(),
});

export const queueSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.string(),
        benchmark: z.object({ slug: z.string(), version: z.string() }),
        model: z.string(),
        reasoning_effort: z.string().nullable(),
        harness: z.string().nullable(),
        open_model: z.boolean().nullable(),
        status: queueStatusSchema,
        progress: z.number().meta({ description: "Scoring progress, 0..100" }),
        created_at: timestampSchema,
      }),
    ),
    pagination: pageInfoSchema,
  })
  .meta({ id: "Queue" });
