import { z } from "zod";
import { benchmarkRefSchema } from "../validation/benchmark-ref";
import { timestampSchema } from "./common";
import { activeJudgeSchema, binaryQualitySchema } from "./grading-figures";

// Candidate-judge trials (docs/grading.md): an admin tries another judge model on a version's labelled pairs,
// next to the judge in use on exactly the same pairs, and may then switch scoring to it.

// A model name as OpenAI-compatible servers spell them (gpt-4.1-mini, meta-llama/Llama-3.1-70B, qwen2.5:7b). Only the
// name is chosen: the endpoint is always the configured one, so a trial can reach no other host.
const modelName = z
  .string({ message: "required: the candidate model's name" })
  .trim()
  .min(1, { message: "required: the candidate model's name" })
  .max(120, { message: "must be at most 120 characters" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/, {
    message: "must be a model name: letters, digits and . _ : / @ + - (no spaces)",
  })
  .refine((name) => !name.includes("://"), {
    message: "must be a model name, not a URL: the trial always calls the configured endpoint",
  });

export const startJudgeTrialBodySchema = z.strictObject({
  benchmark: benchmarkRefSchema,
  model: modelName.meta({ description: "The candidate judge model, on the configured OpenAI-compatible endpoint" }),
});
export type StartJudgeTrialBody = z.infer<typeof startJudgeTrialBodySchema>;

export const judgeTrialsQuerySchema = z.object({ benchmark: benchmarkRefSchema });
export type JudgeTrialsQuery = z.infer<typeof judgeTrialsQuerySchema>;

export const judgeTrialSchema = z
  .object({
    id: z.string(),
    benchmark: z.string(),
    candidate_model: z.string(),
    current_model: z.string().meta({ description: "The judge in use when the trial started" }),
    prompt_version: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    pairs: z.number().int().meta({ description: "Labelled pairs (same or different) both judges decided" }),
    judge_calls: z.number().int(),
    cached_verdicts: z.number().int(),
    cost_usd: z.number(),
    started_by: z.string().nullable(),
    created_at: timestampSchema,
    comparison: z
      .object({ pairs: z.number().int(), current: binaryQualitySchema, candidate: binaryQualitySchema })
      .nullable()
      .meta({ description: "Precision, recall and agreement of each judge on the same pairs; null until done" }),
    active: z.boolean().meta({ description: "Scoring now uses this trial's candidate" }),
  })
  .meta({ id: "JudgeTrial" });
export type JudgeTrialAnswer = z.infer<typeof judgeTrialSchema>;

export const judgeTrialListSchema = z.object({
  benchmark: z.string(),
  active_judge: activeJudgeSchema,
  labelled_pairs: z.number().int().meta({ description: "Pairs labelled same or different: what a trial judges" }),
  trials: z.array(judgeTrialSchema),
});
export type JudgeTrialList = z.infer<typeof judgeTrialListSchema>;
