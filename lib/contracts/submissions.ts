import { z } from "zod";
import { curvePointSchema, distinctCountsShape, runBreakdownSchema, spectrumPointSchema } from "./analyses";
import {
  intervalSchema,
  pageInfoSchema,
  reviewStatusSchema,
  scoreBreakdownSchema,
  scoreSchema,
  scoringStatusSchema,
  severityOrNull,
  timestampSchema,
} from "./common";

// Answers of /api/v1/submissions/*: the upload, the status with scores, the caller's list, and the workbench reads.

export const createdSubmissionSchema = z
  .object({
    id: z.string(),
    status: z.literal("queued"),
    findings: z.number().int(),
    runs: z.number().int(),
    skipped: z
      .object({ without_location: z.number().int() })
      .optional()
      .meta({ description: "SARIF uploads: results that were not imported (no physical location), counted" }),
    paths: z.object({ mapped: z.number().int(), unmapped: z.number().int() }).optional().meta({
      description:
        "SARIF uploads: results whose file was found among the repository's files (its snapshot's, else its reference bugs'), and those kept as written",
    }),
  })
  .meta({ id: "CreatedSubmission", example: { id: "cmabc123", status: "queued", findings: 42, runs: 1 } });

const panelCountsSchema = z.looseObject({
  sampled: z.number().int(),
  confirmed: z.number().int(),
  rejected: z.number().int(),
  abstained: z.number().int(),
  validity: z.number().nullable(),
  validity_interval: intervalSchema.nullable(),
});

export const panelViewSchema = panelCountsSchema
  .extend({
    status: z.enum(["queued", "running", "done", "failed"]),
    cost_usd: z.number(),
    spent_usd: z.number(),
    matched: panelCountsSchema,
    unmatched: panelCountsSchema,
    by_reason: z.record(z.string(), z.number()),
    confirmed_with_poc: z
      .number()
      .int()
      .meta({ description: "Confirmations whose final judge executed a proof of concept (§F.6.2)" }),
    confirmed_reasoning_only: z
      .number()
      .int()
      .meta({ description: "Confirmations on reasoning only, so capped at low confidence (§F.6.2)" }),
    judged_text_only: z.number().int().meta({
      description:
        "Sampled findings whose repository had no snapshot: judged from the finding's text and the context document",
    }),
  })
  .meta({ id: "PanelSummary" });

export const panelJobSchema = z
  .looseObject({
    status: z.enum(["queued", "running", "done", "failed"]),
    progress: z.number(),
    error: z.string().nullable(),
    started_at: timestampSchema,
    finished_at: timestampSchema.nullable(),
    seed: z.string(),
    sample_size: z.number().int(),
    runs: z
      .enum(["first", "all"])
      .meta({ description: "Which runs were sampled: the first (Table 14, the default) or all" }),
    judges: z.array(z.string()),
    tier2_judge: z.string(),
    judge_calls: z.number().int(),
    spent_calls: z.number().int(),
    retries: z.number().int(),
    confidence_cap: z.string(),
  })
  .meta({ id: "PanelJob" });

export const attributionJobSchema = z
  .looseObject({
    status: z.enum(["queued", "running", "done", "failed"]),
    progress: z.number(),
    error: z.string().nullable(),
    model: z.string(),
    prompt_version: z.string(),
    subjects: z.number().int(),
    self_reported: z.number().int(),
    classified: z.number().int(),
    cached: z.number().int(),
    llm_calls: z.number().int(),
    cost_usd: z.number(),
    finished_at: timestampSchema.nullable(),
  })
  .meta({ id: "AttributionJob" });

export const submissionScoresSchema = scoreBreakdownSchema
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
    judge_cost_usd: z.number(),
    retries: z.number().int(),
    malformed_replies: z.number().int(),
    estimated_calls: z.number().int(),
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

export const submissionSummarySchema = z
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

const decidedBySchema = z.enum(["judge", "maintainer"]);
export const submissionMatchesSchema = z
  .looseObject({
    submission_id: z.string(),
    run: z.number().int(),
    runs: z.number().int(),
    status: scoringStatusSchema,
    repositories: z.array(
      z.looseObject({
        repo: z.string(),
        matched: z.array(
          z.looseObject({
            reference_bug_id: z.string(),
            finding_ids: z.array(z.string()),
            decided_by: decidedBySchema,
            pairs: z.array(z.object({ finding_id: z.string(), decided_by: decidedBySchema })),
          }),
        ),
        unmatched_reference_bug_ids: z.array(z.string()),
        unmatched_finding_ids: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: "SubmissionMatches" });

const locationFields = {
  id: z.string(),
  repo: z.string(),
  file: z.string(),
  line_start: z.number().int(),
  line_end: z.number().int(),
};
export const referenceRecordSchema = z
  .union([
    z.looseObject({
      ...locationFields,
      title: z.string(),
      description: z.string(),
      code_snippet: z.string(),
      suggested_fix: z.string().nullable(),
      severity: z.string().nullable(),
      category: z.string().nullable(),
      trigger: z.string().nullable(),
    }),
    z.looseObject({
      id: z.string(),
      repo: z.string(),
      severity: z.string().nullable(),
      category: z.string().nullable(),
      trigger: z.string().nullable(),
      hidden: z.literal(true),
    }),
  ])
  .meta({
    id: "ReferenceRecord",
    description: "In full, or only id, repository and labels when the version hides reference details",
  });

export const pairViewSchema = z
  .looseObject({
    submission: z.looseObject({
      id: z.string(),
      model: z.string(),
      benchmark: z.string(),
      status: scoringStatusSchema,
      progress: z.number(),
      review_status: reviewStatusSchema,
    }),
    run: z.number().int(),
    finding: z.looseObject({
      ...locationFields,
      run: z.number().int(),
      title: z.string(),
      description: z.string(),
      code_snippet: z.string(),
      suggested_fix: z.string().nullable(),
      severity: severityOrNull,
      confidence: z.number().nullable(),
      category: z.string().nullable(),
      trigger: z.string().nullable(),
    }),
    reference_bug: referenceRecordSchema,
    signals: z
      .array(
        z.object({
          signal: z.string(),
          label: z.string(),
          value: z.number(),
          threshold: z.number(),
          reached: z.boolean(),
        }),
      )
      .nullable(),
    proposed: z.boolean(),
    verdict: z
      .looseObject({
        match: z.boolean(),
        judge_model: z.string(),
        prompt_version: z.string(),
        offline_judge: z.boolean(),
        rationale: z.string().nullable(),
      })
      .nullable(),
    override: z
      .looseObject({
        id: z.string(),
        decision: z.enum(["match", "no_match"]),
        reason: z.string().nullable(),
        created_at: timestampSchema,
        created_by: z.string().nullable(),
      })
      .nullable(),
    matched: z.boolean(),
    decided_by: decidedBySchema.nullable(),
    can_override: z.boolean(),
  })
  .meta({ id: "PairView" });

const pocSchema = z.looseObject({
  ran: z.boolean(),
  turns: z.number().int(),
  commands: z.array(
    z.object({
      command: z.string(),
      exit_code: z.number().int().nullable(),
      timed_out: z.boolean(),
      output: z.string(),
    }),
  ),
  commands_omitted: z.number().int(),
});

export const panelReviewsSchema = z
  .looseObject({
    findings: z.array(
      z.looseObject({
        opaque_id: z.string(),
        finding_id: z.string(),
        run: z.number().int(),
        repository: z.string(),
        file: z.string(),
        line_start: z.number().int(),
        line_end: z.number().int(),
        title: z.string(),
        matched: z.boolean(),
        verdict: z.string().nullable(),
        reason: z.string().nullable(),
        severity: z.string().nullable(),
        confidence: z.string().nullable(),
        repository_read: z.boolean().meta({
          description: "Whether the judges could read the repository snapshot; false: judged from the text alone",
        }),
        proof_of_concept_ran: z
          .boolean()
          .meta({ description: "Whether the final verdict's judge executed a proof of concept" }),
        reviews: z.array(
          z.looseObject({
            tier: z.number().int(),
            judge: z.string(),
            verdict: z.string(),
            reason: z.string().nullable(),
            severity: z.string().nullable(),
            confidence: z.string().nullable(),
            rationale: z.string().nullable(),
            proof_of_concept: pocSchema.nullable(),
          }),
        ),
      }),
    ),
    pagination: pageInfoSchema,
  })
  .meta({ id: "PanelReviews" });

const compareSideSchema = z.looseObject({
  id: z.string(),
  model: z.string(),
  reasoning_effort: z.string().nullable(),
  harness: z.string().nullable(),
  run: z.number().int(),
  status: scoringStatusSchema,
});
export const comparisonSchema = z
  .looseObject({
    benchmark: z.string(),
    repo: z.string(),
    reference_visibility: z.string(),
    details_visible: z.boolean(),
    a: compareSideSchema,
    b: compareSideSchema,
    titles: z.record(z.string(), z.string()),
    both: z.array(z.string()),
    only_a: z.array(z.string()),
    only_b: z.array(z.string()),
    neither: z.array(z.string()),
  })
  .meta({ id: "Comparison" });
