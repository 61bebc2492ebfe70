import { z } from "zod";
import { intervalSchema, pageInfoSchema, pageQuerySchema, timestampSchema } from "./common";

// Panel validation (§F.6) and bug-type attribution of a submission: the summaries its status carries, each sampled
// finding's verdicts (/api/v1/submissions/{id}/panel), and starting either (/api/v1/admin/submissions/{id}/...).

// Table 14: the first run of the repeats (default); "all" samples every run, each in the same way.
const PANEL_RUN_SCOPES = ["first", "all"] as const;
export type PanelRunScope = (typeof PANEL_RUN_SCOPES)[number];

export const startPanelBodySchema = z
  .object({
    sample_size: z.number().int().min(1).max(1_000).optional(),
    seed: z.string().trim().min(1).max(100).optional(),
    runs: z.enum(PANEL_RUN_SCOPES).optional(),
  })
  .strict();

export const startAttributionBodySchema = z.object({}).strict();

export const panelReviewsQuerySchema = z.object({
  ...pageQuerySchema,
  per_page: z.coerce.number().int().min(1).max(200).default(25),
  verdict: z.enum(["confirmed", "rejected", "abstained"]).optional(),
});

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
    sample_size: z.number().int(),
    runs: z
      .enum(["first", "all"])
      .meta({ description: "Which runs were sampled: the first (Table 14, the default) or all" }),
    judges: z.array(z.string()),
    tier2_judge: z.string(),
    judge_calls: z.number().int(),
    spent_calls: z.number().int(),
    spent_input_tokens: z
      .number()
      .int()
      .meta({ description: "Prompt tokens of the spent calls, cached ones included" }),
    spent_cached_input_tokens: z.number().int().meta({
      description: "The part of the prompt tokens the provider's prefix cache served (billed at its cached price)",
    }),
    spent_output_tokens: z.number().int(),
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
    input_tokens: z.number().int().meta({ description: "Prompt tokens of the calls, cached ones included" }),
    cached_input_tokens: z.number().int().meta({
      description: "The part of the prompt tokens the provider's prefix cache served (billed at its cached price)",
    }),
    output_tokens: z.number().int(),
    cost_usd: z.number(),
    finished_at: timestampSchema.nullable(),
  })
  .meta({ id: "AttributionJob" });

const pocSchema = z.looseObject({
  ran: z.boolean(),
  turns: z.number().int(),
  commands: z.array(
    z.object({
      command: z.string(),
      exit_code: z.number().int().nullable(),
      timed_out: z.boolean(),
      out_of_memory: z.boolean().meta({ description: "Killed at the sandbox's memory limit" }),
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

const startedAnalysis = { id: z.string(), submission_id: z.string(), status: z.literal("queued") };
export const startedPanelSchema = z
  .object({
    ...startedAnalysis,
    sample_size: z.number().int(),
    seed: z.string(),
    runs: z
      .enum(["first", "all"])
      .meta({ description: "Which runs were sampled: the first (Table 14, the default) or all" }),
    judges: z.array(z.string()),
    tier2_judge: z.string(),
  })
  .meta({
    id: "StartedPanel",
    example: {
      id: "cmpanel1",
      submission_id: "cmabc123",
      status: "queued",
      sample_size: 50,
      seed: "probe-panel",
      runs: "first",
      judges: ["judge-a", "judge-b", "judge-c"],
      tier2_judge: "judge-d",
    },
  });
export const startedAttributionSchema = z
  .object({ ...startedAnalysis, model: z.string() })
  .meta({ id: "StartedAttribution" });
