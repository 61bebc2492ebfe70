import { z } from "zod";
import { benchmarkRefSchema } from "../validation/benchmark-ref";
import { bugTextShape, timestampSchema } from "./common";

// Human validation of the LLM judgments (docs/grading.md): the requests and answers of labelling matcher pairs,
// grading a panel's sample and auditing the reference set (maintainers and admins, blind), and the public figures
// of how far each judge can be trusted. Hidden fields (the judge's verdict, the signals, the submission; the panel's
// verdicts and the configuration; other auditors' marks) are absent until the caller's own label, grade or mark is
// stored: `reveal` is null before.

const STRATA = ["judged_match", "judged_no_match", "filtered_out"] as const;
export const PAIR_KINDS = ["reference", "duplicate"] as const;
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

const bugTextSchema = z.object({ ...bugTextShape, suggested_fix: z.string().nullable() }).meta({ id: "LabelledText" });
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
