import { z } from "zod";
import { pageInfoSchema, pageQuerySchema, timestampSchema } from "./common";

// Maintainers' match overrides (/api/v1/overrides): decide a finding/reference pair over the judge, list, withdraw.

const overrideDecisionSchema = z.enum(["match", "no_match"], { message: 'must be "match" or "no_match"' });

export const createOverrideBodySchema = z.strictObject({
  submission_id: z.string().trim().min(1, { message: "required" }).max(100),
  finding_id: z.string().trim().min(1, { message: "required" }).max(200),
  reference_bug_id: z.string().trim().min(1, { message: "required" }).max(200),
  decision: overrideDecisionSchema,
  reason: z
    .string({ message: "required: say why the judge was wrong" })
    .trim()
    .min(1, { message: "required: say why the judge was wrong" })
    .max(2_000, { message: "must be at most 2000 characters" }),
  // Which run the finding id refers to, when an uploaded id repeats across runs (default: the first run holding it).
  run: z.number().int().min(0).max(1_000).optional(),
});

export const listOverridesQuerySchema = z.object({
  ...pageQuerySchema,
  decision: overrideDecisionSchema.optional(),
});

export const overrideResultSchema = z
  .looseObject({
    id: z.string(),
    decision: z.enum(["match", "no_match"]),
    reason: z.string(),
    created_at: timestampSchema,
    finding_content_hash: z.string(),
    reference_hash: z.string(),
    rescoring: z.object({ submissions: z.array(z.string()) }),
  })
  .meta({ id: "Override" });
export const withdrawnOverrideSchema = z
  .object({ id: z.string(), withdrawn: z.literal(true), rescoring: z.object({ submissions: z.array(z.string()) }) })
  .meta({ id: "WithdrawnOverride" });
export const overrideListSchema = z
  .object({
    overrides: z.array(
      z.looseObject({
        id: z.string(),
        decision: z.enum(["match", "no_match"]),
        reason: z.string(),
        created_at: timestampSchema,
        created_by: z.string().nullable(),
        judge_said: z.enum(["match", "no_match"]).nullable(),
        submissions: z.number().int(),
        example: z
          .looseObject({
            submission_id: z.string(),
            run: z.number().int(),
            finding_id: z.string(),
            finding_title: z.string(),
            repo: z.string(),
            file: z.string(),
            line_start: z.number().int(),
            line_end: z.number().int(),
            reference_bug_id: z.string(),
            reference_title: z.string(),
            benchmark: z.string(),
          })
          .nullable(),
      }),
    ),
    pagination: pageInfoSchema,
  })
  .meta({ id: "OverrideList" });
