import { z } from "zod";
import { intervalSchema, proportionSchema, timestampSchema } from "./common";
import { PAIR_KINDS, auditMarkSchema, pairLabelSchema } from "./grading";

// The figures computed from the grades (docs/grading.md): how far each judge can be trusted, the matcher's quality
// over the labelled pairs (weighted as the sample was drawn), the panel's agreement with the human grades, kappa of
// the reference-set audit's raters, repeat agreement and the judge in use.

export const binaryQualitySchema = z.object({
  pairs: z.number().int(),
  true_positives: z.number().int(),
  false_positives: z.number().int(),
  false_negatives: z.number().int(),
  true_negatives: z.number().int(),
  precision: proportionSchema,
  recall: proportionSchema,
  agreement: proportionSchema,
});

const crossTableSchema = z
  .record(
    z.enum(["confirmed", "rejected", "unsure"]),
    z.record(z.enum(["confirmed", "rejected", "abstained"]), z.number().int()),
  )
  .meta({ description: "Table 15: the grader's verdict (rows) against the panel's (columns)" });
const panelAgreementSchema = z.object({
  graded: z.number().int(),
  conclusive: z.number().int(),
  table: crossTableSchema,
  agreement: proportionSchema,
  grader_confirm_rate: proportionSchema,
  panel_confirm_rate: proportionSchema,
});
const kappaSchema = z.object({
  n: z.number().int(),
  observed: z.number().nullable(),
  expected: z.number().nullable(),
  kappa: z.number().nullable(),
  interval: z.tuple([z.number(), z.number()]).nullable().meta({ description: "95% large-sample interval" }),
});

const weightedEstimateSchema = z
  .object({
    value: z.number().nullable(),
    interval: intervalSchema.nullable(),
    labelled: z.number().int().meta({ description: "Labelled pairs in the denominator" }),
    effective_n: z
      .number()
      .nullable()
      .meta({ description: "The design's effective sample size: the n of the Clopper-Pearson interval" }),
  })
  .meta({
    id: "WeightedEstimate",
    description:
      "A proportion weighted by the stratified design the labelled pairs were drawn with (each pair stands for its stratum's population over its labelled pairs), with Korn and Graubard's 95% interval: Clopper-Pearson at the effective sample size from the stratified variance. null when the pairs cannot be weighted (see weighting)",
  });

export type WeightedEstimateAnswer = z.infer<typeof weightedEstimateSchema>;

/** A judge configuration's figures: precision counted as labelled; recall and agreement weighted by the design. */
const matcherBinarySchema = binaryQualitySchema.extend({
  recall: weightedEstimateSchema,
  agreement: weightedEstimateSchema,
});

const matcherQualitySchema = z.object({
  kind: z.enum(PAIR_KINDS),
  labelled_pairs: z.number().int(),
  unlabelled_pairs: z.number().int(),
  by_label: z.record(pairLabelSchema, z.number().int()),
  labels_changed_after_reveal: z.number().int(),
  overrides: z
    .object({ count: z.number().int(), reversed_judge: z.number().int() })
    .meta({ description: "Maintainer overrides: labels with the verdict seen, counted apart and never mixed in" }),
  weighting: z
    .object({
      weighted: z.boolean(),
      reason: z.string().nullable(),
      pairs_left_out: z
        .number()
        .int()
        .meta({ description: "Labelled pairs of samples drawn before populations were stored, not weighted" }),
    })
    .meta({ description: "Whether recall and agreement could be weighted by the sample's design, and why not" }),
  filters: z.array(
    z.object({
      prefilter_version: z.string(),
      embedder: z.string(),
      labelled: z.number().int(),
      recall: weightedEstimateSchema,
      filtered_out: z
        .object({
          estimated_matches: z.number(),
          upper_matches: z.number().meta({ description: "95% upper bound on the matches the filtered-out pairs hide" }),
          too_thin: z.boolean().meta({
            description:
              "The labelled filtered-out pairs cannot rule out that the filter misses as many matches as it keeps",
          }),
          recall_floor: z.number().nullable().meta({ description: "The filter's recall at that upper bound" }),
        })
        .nullable(),
    }),
  ),
  configurations: z.array(
    z.object({
      judge_model: z.string(),
      prompt_version: z.string(),
      prefilter_version: z.string(),
      embedder: z.string(),
      in_use: z.boolean(),
      with_filter: matcherBinarySchema,
      judge_alone: matcherBinarySchema,
      debatable: z.object({ pairs: z.number().int(), judged_match: z.number().int() }),
      repeat_agreement: proportionSchema,
    }),
  ),
});

/** The judge model new scorings use: one an admin switched to after a trial, else JUDGE_MODEL, else the offline rule. */
export const activeJudgeSchema = z
  .object({
    model: z.string(),
    source: z.enum(["stored", "environment", "offline"]).meta({
      description:
        "stored: an admin switched to it after a trial; environment: JUDGE_MODEL; offline: no LLM endpoint is configured",
    }),
    trial_id: z.string().nullable(),
    since: timestampSchema.nullable(),
  })
  .meta({ id: "ActiveJudge" });
export type ActiveJudgeAnswer = z.infer<typeof activeJudgeSchema>;

export const repeatJudgingSchema = z
  .object({
    id: z.string(),
    submission_id: z.string(),
    benchmark: z.string(),
    judge_model: z.string(),
    prompt_version: z.string(),
    seed: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    pairs: z.number().int().meta({ description: "Judged pairs drawn: one call each" }),
    estimated_cost_usd: z.number().nullable().meta({
      description:
        "Before any call: the drawn verdicts' own tokens at the price table's rates; null for an unpriced model",
    }),
    judge_calls: z.number().int(),
    cost_usd: z.number().nullable(),
    started_by: z.string().nullable(),
    created_at: timestampSchema,
    agreement: proportionSchema.meta({ description: "Repeat verdicts identical to the first / pairs asked again" }),
    undecided: z.number().int().meta({ description: "Drawn pairs without a repeat verdict (not yet, or malformed)" }),
    match_then_no_match: z.number().int(),
    no_match_then_match: z.number().int(),
    paper: z.number().meta({ description: "§2.3: later runs agree with the first on at least this share" }),
    below_paper: z
      .boolean()
      .nullable()
      .meta({ description: "The interval's upper end is below the paper's share; null without a decided pair" }),
    disagreements: z
      .array(
        z.object({
          finding_id: z.string(),
          reference_bug_id: z.string(),
          first_match: z.boolean(),
          repeat_match: z.boolean(),
        }),
      )
      .meta({
        description:
          "Every pair whose repeat verdict differs from the first; in the public figures, empty for a version that hides its reference details (the counts above still hold)",
      }),
  })
  .meta({ id: "RepeatJudging" });
export type RepeatJudgingAnswer = z.infer<typeof repeatJudgingSchema>;

export const repeatJudgingListSchema = z.object({
  benchmark: z.string(),
  budget_calls: z
    .number()
    .int()
    .meta({ description: "JUDGE_CALL_BUDGET: calls queued or running trials and repeats may hold together" }),
  repeats: z.array(repeatJudgingSchema),
});
export type RepeatJudgingList = z.infer<typeof repeatJudgingListSchema>;

export const judgeQualitySchema = z
  .object({
    benchmark: z.string(),
    active_judge: activeJudgeSchema,
    matcher: z.object({ reference: matcherQualitySchema, duplicate: matcherQualitySchema }),
    panel: z.object({
      pooled: panelAgreementSchema,
      second_grader: kappaSchema.meta({ description: "Two graders of the same findings: Cohen's kappa" }),
      submissions: z.array(
        panelAgreementSchema.extend({
          submission_id: z.string(),
          model: z.string(),
          reasoning_effort: z.string().nullable(),
        }),
      ),
    }),
    repeat_agreement: z.array(repeatJudgingSchema).meta({
      description:
        "§2.3's repeat agreement measured on purpose: finished repeats of public submissions' verdicts, newest first",
    }),
    reference_set: z.object({
      audited: z.number().int(),
      marks: z.record(auditMarkSchema, z.number().int()),
      invalid_share: proportionSchema,
      kappa: kappaSchema.meta({
        description:
          "§2.2: the human audit against the false-positive auditor's marks (F.3.1), valid/invalid (unsure left out)",
      }),
      auditors: z.number().int(),
      agent: z.object({
        marked: z.number().int().meta({ description: "Audited bugs the false-positive auditor marked" }),
        flagged: z.number().int().meta({ description: "Of those, marked with a ground (invalid)" }),
        models: z.array(z.string()),
      }),
    }),
  })
  .meta({ id: "JudgeQuality" });
export type JudgeQuality = z.infer<typeof judgeQualitySchema>;
export type MatcherQualityAnswer = z.infer<typeof matcherQualitySchema>;
