import { z } from "zod";

// Answers of the analyses reads: the fix-rank contamination tests (§C.4) and the stable-beta fit (§E.2) of one
// submission; its repeated runs (§E.2, Table 22) in repeated-runs.ts.
// lib/server/analyses/read-analyses.ts parses stored rows with the same schemas.

export const cdfPointSchema = z.object({ x: z.number(), observed: z.number(), expected: z.number() });

const fixRankRunSchema = z
  .object({
    run: z.number().int().nullable().meta({ description: "1-based run number; null for a reported row without one" }),
    matched: z.number().int(),
    d: z
      .number()
      .nullable()
      .meta({ description: "Kolmogorov-Smirnov distance between the observed and expected fix-rank CDFs" }),
    at: z.number().nullable(),
    p: z.number().nullable(),
    p_holm: z.number().nullable(),
    holm_family: z.number().int().nullable().meta({
      description:
        "How many tests p_holm adjusts across: every tested run of the version's approved full-harness configurations plus the published p-values of its reported rows, or, where a reported row says its family was larger (Table 16: 27), that size plus the other members",
    }),
    holm_known: z.number().int().nullable().meta({
      description:
        "How many of the family's p-values are known; below holm_family, p_holm is Bonferroni's p x holm_family, an upper bound on Holm's whatever the missing p-values are",
    }),
    holm_note: z
      .string()
      .nullable()
      .meta({ description: "Why a tested run has no p_holm (not approved yet, or not a full-harness configuration)" }),
    low_power: z.boolean().meta({
      description:
        "Tested, but with fewer than 20 matched bugs with a fix date: too small for the test to have power (kept in Holm's family)",
    }),
    permutations: z.number().int().nullable(),
    seed: z.number().int().nullable(),
    no_test_reason: z.string().nullable(),
    cdf: z.array(cdfPointSchema),
  })
  .meta({ id: "FixRankRun" });

export const stableBetaFitSchema = z
  .object({
    runs: z.number().int(),
    distinct: z.number(),
    parameters: z.object({ alpha: z.number(), c: z.number(), sigma: z.number() }),
    standardErrors: z.object({ alpha: z.number().nullable(), c: z.number().nullable(), sigma: z.number().nullable() }),
    observed: z.array(z.number()),
    expected: z.array(z.number()),
    chiSquared: z.number(),
    degreesOfFreedom: z.number().int(),
    p: z.number().nullable(),
    effectSize: z.number(),
    meanPerRun: z.number(),
  })
  .meta({ id: "StableBetaFit" });

/** Tables 22-23: one model's fit to a frequency spectrum, computed here or as published. */
export const frequencyModelSchema = z
  .object({
    model: z.enum(["binomial", "beta_binomial", "stable_beta"]),
    k: z.number().int().meta({ description: "Fitted parameters, conditional on N (Table 22's k)" }),
    parameters: z.array(
      z.object({
        name: z.string(),
        value: z.number(),
        se: z.number().nullable().optional(),
        atBound: z.boolean().meta({ description: "At its bound (Table 23's dagger): the fit wants to go beyond it" }),
      }),
    ),
    poolSize: z
      .number()
      .nullable()
      .meta({ description: "Implied pool of findings; null where infinite (see poolInfinite) or set by a bound" }),
    poolInfinite: z.boolean(),
    expected: z.array(z.number()).meta({ description: "Expected K_j, j = 1..n (empty for a published row)" }),
    logLikelihood: z.number().nullable(),
    chiSquared: z.number().nullable(),
    degreesOfFreedom: z.number().int().nullable(),
    p: z.number().nullable(),
    pBelow: z.number().nullable().optional().meta({ description: "Published as p < this value (Table 22: <1e-99)" }),
    effectSize: z.number().nullable().meta({ description: "sqrt(chi-squared / N)" }),
  })
  .meta({ id: "FrequencyModelFit" });
export type FrequencyModelView = z.infer<typeof frequencyModelSchema>;

/** GET /api/v1/submissions/{id}/analyses: the response body. */
export const submissionAnalysesSchema = z
  .object({
    contamination: z.object({
      source: z.enum(["computed", "reported"]),
      knowledge_cutoff: z.string().nullable(),
      knowledge_cutoff_note: z.string().nullable(),
      reference_window: z
        .object({ from: z.string(), to: z.string() })
        .nullable()
        .meta({ description: "Earliest and latest fix date of the version's reference bugs; null without fix dates" }),
      cutoff_position: z.enum(["inside", "before", "after", "unknown"]),
      runs: z.array(fixRankRunSchema).meta({
        description:
          "Empty while the worker has not computed the tests yet (or for a reported entry without fix-rank rows)",
      }),
    }),
    repeated: z
      .object({
        source: z.enum(["computed", "reported"]),
        fit: stableBetaFitSchema.nullable(),
        no_fit_reason: z.string().nullable(),
        models: z.array(frequencyModelSchema).meta({
          description:
            "Tables 22-23: binomial, beta-binomial and stable-beta fits side by side (computed: each where it has a degree of freedom; reported: as published)",
        }),
        distinct: z.number().nullable().meta({ description: "N: distinct findings reported in at least one run" }),
        runs: z.number().int().nullable(),
      })
      .nullable()
      .meta({ description: "Repeated runs only: the stable-beta fit of the frequency spectrum, or why there is none" }),
  })
  .meta({
    id: "SubmissionAnalyses",
    example: {
      contamination: {
        source: "computed",
        knowledge_cutoff: "2025-06",
        knowledge_cutoff_note: null,
        reference_window: { from: "2024-01-03T00:00:00.000Z", to: "2025-11-28T00:00:00.000Z" },
        cutoff_position: "inside",
        runs: [
          {
            run: 1,
            matched: 31,
            d: 0.12,
            at: 0.4,
            p: 0.31,
            p_holm: 0.62,
            holm_family: 2,
            holm_known: 2,
            holm_note: null,
            low_power: false,
            permutations: 10000,
            seed: 1,
            no_test_reason: null,
            cdf: [{ x: 0.5, observed: 0.48, expected: 0.5 }],
          },
        ],
      },
      repeated: null,
    },
  });
export type SubmissionAnalyses = z.infer<typeof submissionAnalysesSchema>;
export type FixRankRunView = z.infer<typeof fixRankRunSchema>;
