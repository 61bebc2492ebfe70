import { z } from "zod";
import { benchmarkRefSchema } from "../validation/benchmark-ref";
import { intervalSchema, timestampSchema } from "./common";

// Human validation of the LLM judgments (docs/grading.md): the requests and answers of labelling matcher pairs,
// grading a panel's sample and auditing the reference set (maintainers and admins, blind), and the public figures
// of how far each judge can be trusted. Hidden fields (the judge's verdict, the signals, the submission; the panel's
// verdicts and the configuration; other auditors' marks) are absent until the caller's own label, grade or mark is
// stored: `reveal` is null before.

const STRATA = ["judged_match", "judged_no_match", "filtered_out"] as const;
const PAIR_KINDS = ["reference", "duplicate"] as const;
export const pairLabelSchema = z.enum(["same", "different", "debatable"], {
  message: 'must be "same", "different" or "debatable"',
});
export const humanGradeSchema = z.enum(["confirmed", "rejected", "unsure"], {
  message: 'must be "confirmed", "rejected" or "unsure"',
});
export const auditMarkSchema = z.enum(["valid", "invalid", "unsure"], {
  message: 'must be "valid", "invalid" or "unsure"',
});
const note = z.string().trim().max(2_000, { message: "must be at most 2000 characters" });
const seed = z
  .string()
  .trim()
  .min(1)
  .max(64, { message: "must be at most 64 characters" })
  .meta({ description: "Draws are reproducible from it; a random one is chosen and recorded when left out" });

// ---- requests

export const drawLabelSampleBodySchema = z.strictObject({
  benchmark: benchmarkRefSchema,
  kind: z.enum(PAIR_KINDS, { message: 'must be "reference" or "duplicate"' }).default("reference"),
  size: z.number().int().min(1, { message: "must be at least 1" }).max(500, { message: "must be at most 500" }),
  seed: seed.optional(),
});
export type DrawLabelSampleBody = z.infer<typeof drawLabelSampleBodySchema>;

/** §2.3's repeat agreement: a seeded sample of a scoring's judged pairs asked again of its judge, cache bypassed. */
export const startRepeatJudgingBodySchema = z.strictObject({
  submission: z
    .string({ message: "required: the submission whose scoring's verdicts are repeated" })
    .trim()
    .min(1, { message: "required: the submission whose scoring's verdicts are repeated" })
    .max(64, { message: "must be at most 64 characters" }),
  size: z
    .number()
    .int()
    .min(1, { message: "must be at least 1" })
    .max(2_000, { message: "must be at most 2000" })
    .meta({ description: "Judged pairs to ask again (fewer when the scoring judged fewer): one judge call each" }),
  seed: seed.optional(),
  max_cost_usd: z
    .number()
    .nonnegative({ message: "must be 0 or more" })
    .max(10_000, { message: "must be at most 10000" })
    .optional()
    .meta({ description: "Refuse (409) when the estimate is above this, or unknown (an unpriced model)" }),
});
export type StartRepeatJudgingBody = z.infer<typeof startRepeatJudgingBodySchema>;

export const repeatJudgingsQuerySchema = z.object({ benchmark: benchmarkRefSchema });

export const labelPairsQuerySchema = z.object({
  benchmark: benchmarkRefSchema,
  kind: z.enum(PAIR_KINDS).optional(),
});
export type LabelPairsQuery = z.infer<typeof labelPairsQuerySchema>;

export const saveLabelBodySchema = z.strictObject({ label: pairLabelSchema, note: note.optional() });
export type SaveLabelBody = z.infer<typeof saveLabelBodySchema>;

export const gradingPanelsQuerySchema = z.object({ benchmark: benchmarkRefSchema });
export type GradingPanelsQuery = z.infer<typeof gradingPanelsQuerySchema>;

export const saveGradeBodySchema = z.strictObject({
  finding: z.string().trim().min(1, { message: "required: the opaque id (F-…)" }).max(40),
  grade: humanGradeSchema,
  note: note.optional(),
});
export type SaveGradeBody = z.infer<typeof saveGradeBodySchema>;

export const drawReferenceAuditBodySchema = z.strictObject({
  benchmark: benchmarkRefSchema,
  size: z.number().int().min(1, { message: "must be at least 1" }).max(500, { message: "must be at most 500" }),
  seed: seed.optional(),
});
export type DrawReferenceAuditBody = z.infer<typeof drawReferenceAuditBodySchema>;

export const referenceAuditsQuerySchema = z.object({ benchmark: benchmarkRefSchema });
export type ReferenceAuditsQuery = z.infer<typeof referenceAuditsQuerySchema>;

export const saveMarkBodySchema = z.strictObject({
  reference_bug_id: z.string().trim().min(1, { message: "required" }).max(200),
  mark: auditMarkSchema,
  reason: z
    .string({ message: "required: say why" })
    .trim()
    .min(1, { message: "required: say why" })
    .max(2_000, { message: "must be at most 2000 characters" }),
});
export type SaveMarkBody = z.infer<typeof saveMarkBodySchema>;

export const judgeQualityQuerySchema = z.object({
  benchmark: benchmarkRefSchema.optional(),
  format: z.enum(["json", "csv"]).optional(),
});

// ---- answers

const proportionSchema = z
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

const bugTextSchema = z
  .object({
    repo: z.string(),
    file: z.string(),
    line_start: z.number().int(),
    line_end: z.number().int(),
    title: z.string(),
    description: z.string(),
    code_snippet: z.string(),
    suggested_fix: z.string().nullable(),
  })
  .meta({ id: "LabelledText" });
export type LabelledText = z.infer<typeof bugTextSchema>;

export const labelSampleSchema = z
  .object({
    id: z.string(),
    benchmark: z.string(),
    kind: z.enum(PAIR_KINDS),
    requested: z.number().int(),
    pairs: z.number().int().meta({ description: "How many pairs the sample holds" }),
    labelled_by_me: z.number().int().meta({ description: "How many of them the caller has labelled" }),
    design: z
      .object({
        seed: z.string(),
        shares: z.record(z.enum(STRATA), z.number()),
        drawn: z.record(z.enum(STRATA), z.number().int()),
      })
      .nullable()
      .meta({
        description:
          "The seed, the strata's shares and what each stratum gave: null until the caller has labelled every pair of the sample (docs/security.md, Blindness)",
      }),
    created_at: timestampSchema,
  })
  .meta({ id: "LabelSample" });

const labelHistorySchema = z.object({
  label: pairLabelSchema,
  note: z.string().nullable(),
  by: z.string().nullable(),
  after_reveal: z.boolean(),
  created_at: timestampSchema,
});

export const labelPairViewSchema = z
  .object({
    id: z.string(),
    benchmark: z.string(),
    kind: z.enum(PAIR_KINDS),
    position: z.number().int(),
    left: bugTextSchema.meta({ description: "The finding" }),
    right: bugTextSchema.meta({ description: "The reference bug, or the other finding (duplicate pairs)" }),
    my_label: pairLabelSchema.nullable(),
    next_unlabelled: z
      .string()
      .nullable()
      .meta({ description: "The next pair of the version the caller has not labelled" }),
    reveal: z
      .object({
        stratum: z.enum(STRATA),
        verdicts: z.array(
          z.object({ judge_model: z.string(), prompt_version: z.string(), match: z.boolean(), rationale: z.string() }),
        ),
        signals: z.record(z.string(), z.number()).nullable(),
        submission: z.object({ id: z.string(), model: z.string(), submitter: z.string().nullable() }),
        labels: z.array(labelHistorySchema),
      })
      .nullable()
      .meta({ description: "null until the caller's label is stored" }),
  })
  .meta({ id: "LabelPairView" });
export type LabelPairView = z.infer<typeof labelPairViewSchema>;

export const labelPairListSchema = z
  .object({
    benchmark: z.string(),
    samples: z.array(labelSampleSchema),
    pairs: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(PAIR_KINDS),
        position: z.number().int(),
        sample_id: z.string(),
        my_label: pairLabelSchema.nullable(),
        labellers: z.number().int(),
      }),
    ),
  })
  .meta({ id: "LabelPairList" });
export type LabelPairList = z.infer<typeof labelPairListSchema>;

export const gradingPanelListSchema = z
  .object({
    benchmark: z.string(),
    panels: z.array(
      z.object({
        id: z.string().meta({ description: "The panel's opaque id" }),
        sampled: z.number().int(),
        graded_by_me: z.number().int(),
        graders: z.number().int(),
      }),
    ),
  })
  .meta({ id: "GradingPanelList" });
export type GradingPanelList = z.infer<typeof gradingPanelListSchema>;

export const panelGradingViewSchema = z
  .object({
    id: z.string(),
    benchmark: z.string(),
    sampled: z.number().int(),
    graded_by_me: z.number().int(),
    findings: z.array(
      z.object({
        finding: z.string().meta({ description: "Opaque id" }),
        text: bugTextSchema,
        my_grade: humanGradeSchema.nullable(),
        reveal: z
          .object({
            panel_verdict: z.enum(["confirmed", "rejected", "abstained"]).nullable(),
            panel_reason: z.string().nullable(),
            grades: z.array(
              z.object({
                grade: humanGradeSchema,
                note: z.string().nullable(),
                by: z.string().nullable(),
                after_reveal: z.boolean(),
                created_at: timestampSchema,
              }),
            ),
          })
          .nullable(),
      }),
    ),
    reveal: z
      .object({
        submission_id: z.string(),
        model: z.string(),
        harness: z.string().nullable(),
        submitter: z.string().nullable(),
      })
      .nullable()
      .meta({ description: "null until the caller has graded every finding of the sample" }),
  })
  .meta({ id: "PanelGradingView" });
export type PanelGradingView = z.infer<typeof panelGradingViewSchema>;

export const savedGradeSchema = z
  .object({
    finding: z.string(),
    grade: humanGradeSchema,
    after_reveal: z.boolean(),
    graded_by_me: z.number().int(),
    sampled: z.number().int(),
  })
  .meta({ id: "SavedGrade" });
export type SavedGrade = z.infer<typeof savedGradeSchema>;

export const referenceAuditViewSchema = z
  .object({
    id: z.string(),
    benchmark: z.string(),
    seed: z.string(),
    requested: z.number().int(),
    per_repository: z.record(z.string(), z.number().int()),
    created_at: timestampSchema,
    items: z.array(
      z.object({
        reference_bug_id: z.string(),
        text: bugTextSchema,
        my_mark: auditMarkSchema.nullable(),
        my_reason: z.string().nullable(),
        reveal: z
          .object({
            marks: z.array(
              z.object({
                mark: auditMarkSchema,
                reason: z.string(),
                by: z.string().nullable(),
                after_reveal: z.boolean(),
                created_at: timestampSchema,
              }),
            ),
          })
          .nullable()
          .meta({ description: "Every auditor's marks; null until the caller's own mark is stored" }),
      }),
    ),
  })
  .meta({ id: "ReferenceAuditView" });
export type ReferenceAuditView = z.infer<typeof referenceAuditViewSchema>;

export const referenceAuditListSchema = z
  .object({
    benchmark: z.string(),
    audits: z.array(
      z.object({
        id: z.string(),
        seed: z.string(),
        requested: z.number().int(),
        items: z.number().int(),
        marked_by_me: z.number().int(),
        created_at: timestampSchema,
      }),
    ),
  })
  .meta({ id: "ReferenceAuditList" });
export type ReferenceAuditList = z.infer<typeof referenceAuditListSchema>;

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
