import { z } from "zod";
import { sarifUploadQuerySchema } from "../validation/sarif-query";
import { curvePointSchema, distinctCountsShape, runBreakdownSchema, spectrumPointSchema } from "./repeated-runs";
import {
  bugTextShape,
  pageInfoSchema,
  pageQuerySchema,
  reviewStatusSchema,
  scoreBreakdownSchema,
  scoreSchema,
  scoringStatusSchema,
  timestampSchema,
} from "./common";
import { attributionJobSchema, panelJobSchema, panelViewSchema } from "./panel";

// /api/v1/submissions: the upload (a findings file or a SARIF log), the status with scores, the caller's list, and
// withdrawing. The findings file itself is a published file format (lib/validation/findings-file.ts).

const yes = z.enum(["true", "false"]).optional();
/** What an upload of either format may ask for on purpose: checks that otherwise refuse it. */
export const uploadOptionsQuerySchema = z.object({
  allow_duplicate: yes.meta({
    description:
      "`false`: refuse (409, naming the earlier submission) a file this user uploaded before (same bytes; for SARIF, same labels) whose entry is still pending or scored; the CLI and the Python client send `false` unless told otherwise. Absent or `true`: store it as a new entry",
  }),
  allow_unknown_paths: yes.meta({
    description:
      "Score an upload whose findings name no file of their repositories (checked where a snapshot lists the repository's files); otherwise 422",
  }),
});
export type UploadOptions = z.infer<typeof uploadOptionsQuerySchema>;

/** The query of POST /api/v1/submissions: the SARIF labels and the upload options. */
export const uploadQuerySchema = sarifUploadQuerySchema.extend(uploadOptionsQuerySchema.shape);

/** The SARIF body as the route documents it; lib/validation/sarif.ts reads the log in full. */
export const sarifUploadBodySchema = z.looseObject({ version: z.literal("2.1.0"), runs: z.array(z.looseObject({})) });

export const listSubmissionsQuerySchema = z.object(pageQuerySchema);

const sarifCountsShape = {
  skipped: z
    .object({ without_location: z.number().int() })
    .optional()
    .meta({ description: "SARIF uploads: results that were not imported (no physical location), counted" }),
  paths: z.object({ mapped: z.number().int(), unmapped: z.number().int() }).optional().meta({
    description:
      "SARIF uploads: results whose file was found among the repository's files (its snapshot's, else its reference bugs'), and those kept as written",
  }),
};
export const createdSubmissionSchema = z
  .object({
    id: z.string(),
    status: z.literal("queued"),
    findings: z.number().int(),
    runs: z.number().int(),
    ...sarifCountsShape,
    warnings: z.array(z.string()).meta({
      description:
        "What was stored but may not score as meant: findings naming no file of their repository (as the dry run warns)",
    }),
  })
  .meta({
    id: "CreatedSubmission",
    example: { id: "cmabc123", status: "queued", findings: 42, runs: 1, warnings: [] },
  });

// POST /api/v1/submissions/validate: what a real upload of the same body would store, stored nowhere.
export const uploadValidationSchema = z
  .object({
    dry_run: z.literal(true),
    benchmark: z.string().meta({ description: "The version it would be scored on, slug@version" }),
    model: z.string(),
    findings: z.number().int(),
    runs: z.number().int(),
    repositories: z
      .array(z.object({ repo: z.string(), findings: z.number().int() }))
      .meta({ description: "Findings per repository, over all runs" }),
    known_paths: z.object({ checked: z.number().int(), known: z.number().int() }).meta({
      description:
        "Findings in repositories whose file list is known (an imported snapshot), and of those the ones naming a file of it",
    }),
    skipped: sarifCountsShape.skipped,
    paths: sarifCountsShape.paths,
    warnings: z
      .array(z.string())
      .meta({ description: "What a real upload would store but may not score as meant, or refuse for now (quota)" }),
  })
  .meta({ id: "UploadValidation" });
export type UploadValidationBody = z.infer<typeof uploadValidationSchema>;

const submissionScoresSchema = scoreBreakdownSchema
  .extend({
    // Repeated runs only: recall and precision count reported findings (Table 3); the distinct counts, the curve and
    // the spectrum count distinct findings (same-root-cause components).
    distinct_findings: distinctCountsShape.distinct_findings.optional(),
    matched_distinct_findings: distinctCountsShape.matched_distinct_findings.optional(),
    runs: z.array(runBreakdownSchema).optional(),
    curves: z.array(curvePointSchema).optional(),
    spectrum: z
      .array(spectrumPointSchema)
      .optional()
      .meta({ description: "The frequency spectrum and the accumulated union (§E.2, Table 22)" }),
  })
  .meta({
    id: "SubmissionScores",
    description:
      "Mean over runs; for repeated runs also distinct findings, per-run scores, the n-of-k curve and the frequency spectrum",
  });

export const scoringRecordSchema = z
  .looseObject({
    judge_model: z.string(),
    offline_judge: z.boolean(),
    prompt_version: z.string(),
    embedding_provider: z.string(),
    embedding_model: z.string(),
    offline_embedder: z.boolean().meta({
      description:
        "The offline embedder stood in for all-MiniLM-L6-v2; the two embedding signals rarely fire (docs/scoring.md)",
    }),
    prefilter_version: z
      .string()
      .meta({ description: "Version of the prefilter's tokenizer, path and candidate rules" }),
    thresholds: z.unknown().meta({ description: "The prefilter thresholds in force" }),
    benchmark_version: z.string(),
    compared_pairs: z.number().int(),
    kept_pairs: z.number().int(),
    judge_calls: z.number().int(),
    cached_verdicts: z.number().int(),
    input_tokens: z.number().int().meta({ description: "Prompt tokens of the judge calls, cached ones included" }),
    cached_input_tokens: z.number().int().meta({
      description: "The part of input_tokens the provider's prefix cache served (billed at its cached price)",
    }),
    output_tokens: z.number().int(),
    judge_cost_usd: z.number().nullable().meta({
      description: "Dollars of the judge calls at the model's price (MODEL_PRICES_JSON); null when the model has none",
    }),
    batch_calls: z.number().int().meta({
      description:
        "Of judge_calls: the lines answered through the OpenAI Batch API (JUDGE_BATCH), priced with the model's batch discount",
    }),
    retries: z.number().int(),
    malformed_replies: z.number().int(),
    estimated_calls: z.number().int(),
    estimated_cost_usd: z.number().nullable().meta({
      description:
        "Dollars estimated for estimated_calls before judging (prompt tokens by tokenizer, the reply allowance, the price); null without a price",
    }),
    cross_run: z
      .looseObject({
        compared: z.number().int(),
        kept: z.number().int(),
        within_run_compared: z.number().int().meta({ description: "The part of `compared` within one run" }),
        within_run_kept: z.number().int().meta({ description: "The part of `kept` within one run" }),
        judged: z.number().int(),
        cached: z.number().int(),
        skipped_connected: z.number().int(),
      })
      .meta({
        description:
          "Repeated runs: duplicate candidate pairs (within and across runs) compared, kept, judged, decided from the cache, skipped as connected",
      }),
    maintainer_decided_matches: z.number().int(),
  })
  .meta({
    id: "ScoringRecord",
    description: "How it was scored: judge, prompt version, embeddings, thresholds, calls, cost",
  });

export const submissionStatusSchema = z
  .looseObject({
    id: z.string(),
    status: scoringStatusSchema,
    progress: z.number(),
    error: z.string().optional(),
    note: z
      .string()
      .optional()
      .meta({ description: "What the scoring attempt is waiting for, e.g. the model provider's rate limit" }),
    review_status: reviewStatusSchema,
    benchmark: z.object({ slug: z.string(), version: z.string() }),
    model: z.string(),
    reasoning_effort: z.string().nullable(),
    harness: z.string().nullable(),
    cost_usd: z.number().nullable(),
    runs: z.number().int(),
    findings: z.number().int(),
    created_at: timestampSchema,
    scored_at: timestampSchema.nullable(),
    scores: submissionScoresSchema.optional(),
    scoring: scoringRecordSchema.optional(),
    panel: panelViewSchema.nullable(),
    panel_job: panelJobSchema.nullable(),
    attribution: attributionJobSchema.nullable(),
  })
  .meta({ id: "SubmissionStatus" });
export type SubmissionStatusBody = z.infer<typeof submissionStatusSchema>;
export type CreatedSubmission = z.infer<typeof createdSubmissionSchema>;

export const quotaSchema = z
  .object({
    limit: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    resets_at: timestampSchema.nullable(),
  })
  .meta({ id: "UploadQuota" });

const submissionSummarySchema = z
  .looseObject({
    id: z.string(),
    model: z.string(),
    benchmark: z.string(),
    reasoning_effort: z.string().nullable(),
    harness: z.string().nullable(),
    status: scoringStatusSchema,
    progress: z.number(),
    error: z.string().nullable(),
    review_status: reviewStatusSchema,
    review_reason: z.string().nullable(),
    created_at: timestampSchema,
    scored_at: timestampSchema.nullable(),
    scores: scoreSchema.nullable(),
  })
  .meta({ id: "SubmissionSummary" });

export const submissionListSchema = z
  .object({ submissions: z.array(submissionSummarySchema), pagination: pageInfoSchema, quota: quotaSchema })
  .meta({ id: "SubmissionList" });

export const withdrawnSubmissionSchema = z
  .object({ id: z.string(), review_status: z.literal("withdrawn") })
  .meta({ id: "WithdrawnSubmission" });

/** The licence every public entry's findings are published under (docs/api.md#licence). */
export const FINDINGS_LICENCE = {
  id: "CC-BY-4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;

const exportedFindingSchema = z.object({
  id: z.string().nullable().meta({ description: "The finding's `id` in the uploaded file, if it had one" }),
  ...bugTextShape,
  severity: z.string().nullable(),
  confidence: z.number().nullable(),
  suggested_fix: z.string().nullable(),
  category: z.string().nullable(),
  trigger: z.string().nullable(),
});

export const submissionFindingsSchema = z
  .object({
    id: z.string(),
    licence: z
      .object({ id: z.string(), url: z.string() })
      .meta({ description: "The findings are published under this licence (docs/api.md#licence)" }),
    benchmark: z.object({ slug: z.string(), version: z.string() }),
    model: z.string(),
    open_model: z.boolean().nullable(),
    organisation: z.string().nullable(),
    model_licence: z
      .string()
      .nullable()
      .meta({ description: "The model's licence as the submitter stated it (not the findings' `licence`)" }),
    parameter_count: z.number().int().nullable(),
    knowledge_cutoff: z.string().nullable(),
    reasoning_effort: z.string().nullable(),
    harness: z.string().nullable(),
    cost_usd: z.number().nullable(),
    report_url: z.string().nullable(),
    submitter: z
      .string()
      .nullable()
      .meta({ description: "The submitter's public name (their account's display name), never their email" }),
    source: z.string(),
    review_status: reviewStatusSchema,
    created_at: timestampSchema,
    scored_at: timestampSchema.nullable(),
    original_format: z.literal("findings").meta({
      description:
        "The upload is stored as findings, not as bytes: a SARIF log is returned in the findings format it was mapped to (docs/file-formats.md)",
    }),
    runs: z.array(
      z.object({ index: z.number().int(), cost_usd: z.number().nullable(), findings: z.array(exportedFindingSchema) }),
    ),
  })
  .meta({
    id: "SubmissionFindings",
    description:
      "The findings of one entry as stored, with its metadata. Reference bugs and matches are not part of it.",
  });
