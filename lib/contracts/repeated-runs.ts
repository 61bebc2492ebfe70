import { z } from "zod";
import { SCORE_EXAMPLE, scoreBreakdownSchema, scoreSchema } from "./common";

// Answers of the repeated-runs reads of one submission (§E.2, Table 22; §4.1): its frequency spectrum, subset curves,
// union growth, overlaps, agreement and shares of runs, and the per-run breakdown that submissions.ts shares.

export const spectrumPointSchema = z
  .object({
    n: z.number().int(),
    exactly_matched: z
      .number()
      .int()
      .meta({ description: "Distinct findings reported in exactly n runs that match a reference bug" }),
    exactly_unmatched: z.number().int(),
    union_matched: z
      .number()
      .int()
      .meta({ description: "Distinct findings reported by at least one of runs 1..n that match a reference bug" }),
    union_unmatched: z.number().int(),
  })
  .meta({ id: "SpectrumPoint" });

const distinctCountsShape = {
  distinct_findings: z.number().nullable().meta({
    description:
      "Distinct findings (same-root-cause reports count once); null for scores made before they were counted",
  }),
  matched_distinct_findings: z.number().nullable(),
};
export const curvePointSchema = scoreSchema
  .extend({ n: z.number().int(), label: z.string() })
  .meta({ id: "RunCurvePoint", description: "Findings count distinct findings, not reports" });

const unionGrowthRowSchema = z
  .object({
    n: z.number().int(),
    observed: z.number().nullable().meta({ description: "Distinct findings reported by runs 1..n; null beyond k" }),
    expected: z.number().nullable().meta({ description: "Expected under the stable-beta fit; null without one" }),
    projected: z.boolean().meta({ description: "n > k: a projection beyond the observed runs" }),
  })
  .meta({ id: "UnionGrowthRow" });

const subsetCurvesSchema = z
  .object({
    runs: z.number().int(),
    sampled: z.boolean().meta({
      description:
        "false: every subset of 2..k-1 runs (up to six runs, at most 60 subsets); true: ten distinct subsets of each size, the paper's prefix (runs 1-2, runs 1-5) among them where the size is one of its, the others drawn with the fixed seed (all of a size with no more than ten)",
    }),
    seed: z.number().int().meta({ description: "Seed of the sample: the same subsets on every read" }),
    unavailable_reason: z.string().nullable().meta({
      description:
        "Why no subset is given: fewer than three runs, or the groups rebuilt from the stored pair decisions do not reproduce the stored curve and spectrum",
    }),
    subsets: z.array(
      z.object({
        runs: z.array(z.number().int()).meta({ description: "0-based indexes of the subset's runs, ascending" }),
        paper_prefix: z.boolean().meta({
          description: "One of the paper's own faint curves (Figure 9: the first two or the first five runs)",
        }),
        points: z.array(curvePointSchema).meta({
          description:
            "n = 1..|runs|: the distinct findings of all runs that at least n of the subset's runs report (labels: of |runs|)",
        }),
      }),
    ),
  })
  .meta({ id: "SubsetCurves" });

const categoryOverlapSchema = z
  .object({
    median_ratio: z.number().nullable().meta({
      description: "Median over categories of run_overlap / reference_recall (the paper: 6.3 for GPT-5.6 Luna)",
    }),
    uncategorised_reference_bugs: z.number().int().meta({ description: "Reference bugs without a category, left out" }),
    categories: z.array(
      z.object({
        category: z.string(),
        reference_bugs: z.number().int(),
        mean_found: z.number().meta({ description: "Reference bugs of the category a run finds, mean over runs" }),
        reference_recall: z.number().meta({ description: "mean_found / reference_bugs" }),
        run_overlap: z.number().nullable().meta({
          description:
            "|R_i ∩ R_j| / |R_i| over ordered pairs of runs with R_i non-empty (R_i: the category's reference bugs run i finds); null when no run finds one",
        }),
        pairs: z.number().int(),
        ratio: z.number().nullable().meta({ description: "run_overlap / reference_recall" }),
      }),
    ),
  })
  .meta({ id: "CategoryOverlap" });

const distinctOverlapSchema = z
  .object({
    labeller: z.string().nullable().meta({
      description: "Key of the classifier configuration whose labels type the findings (Figure 6's labeller)",
    }),
    same_labeller: z.boolean().meta({
      description:
        "The reference bugs labelled by the same configuration; false: the benchmark's own categories (another labeller)",
    }),
    unavailable_reason: z
      .string()
      .nullable()
      .meta({ description: "Why there are no rows: no labeller yet, or the groups could not be rebuilt" }),
    unlabelled_groups: z.number().int().meta({ description: "Distinct findings none of whose findings is labelled" }),
    median_ratio: z.number().nullable(),
    categories: z.array(
      z.object({
        category: z.string(),
        distinct_findings: z.number().int(),
        run_overlap: z.number().nullable().meta({
          description:
            "|G_i ∩ G_j| / |G_i| over ordered pairs with G_i non-empty, G_i the distinct findings of the type run i reports",
        }),
        pairs: z.number().int(),
        reference_recall: z
          .number()
          .nullable()
          .meta({ description: "The runs' mean recall of the type's reference bugs; null without any" }),
        ratio: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: "DistinctCategoryOverlap" });

const share = (description: string) => z.number().nullable().meta({ description });
const runAgreementSchema = z
  .object({
    runs: z.number().int(),
    held_out_run: z.number().int().nullable().meta({
      description: "0-based index of the held-out run, the last in upload order; null with fewer than three runs",
    }),
    configurations: z.number().int().meta({
      description:
        "Other public verified entries of the version by another model (the paper compares with other models), each by its first run",
    }),
    other_entries: z
      .array(
        z.object({
          submission_id: z.string(),
          model: z.string(),
          reasoning_effort: z.string().nullable(),
          harness: z.string().nullable(),
        }),
      )
      .meta({ description: "The entries averaged: every other model's public verified entries of the version" }),
    same_model_entries: z.number().int().meta({
      description:
        "Public verified entries of the same model (other efforts, harnesses or submissions), left out as the paper's other models leave them",
    }),
    draws: z.number().int().meta({ description: "Random draws of the category-matched baseline" }),
    seed: z
      .number()
      .int()
      .meta({ description: "Seed of the baseline's generator: the same matches give the same numbers" }),
    no_data_reason: z.string().nullable().meta({ description: "Why there are no buckets (fewer than three runs)" }),
    buckets: z.array(
      z.object({
        runs_finding: z
          .number()
          .int()
          .meta({ description: "How many of the other runs (all but the held-out one) find the bug" }),
        reference_bugs: z.number().int(),
        uncategorised_reference_bugs: z
          .number()
          .int()
          .meta({ description: "Bugs of the bucket without a category (the baseline draws them from that pool)" }),
        configurations: z
          .number()
          .int()
          .meta({ description: "Other configurations covering at least one bug of the bucket: the ones averaged" }),
        others_share: share("Mean over the other configurations of the share of the bucket's bugs each finds"),
        held_out_share: share("Share of the bucket's bugs the held-out run finds"),
        baseline_mean: share(
          "others_share for bugs picked at random within each category (as many per category as the bucket holds), mean over the draws",
        ),
        baseline_low: share("2.5% quantile of the draws"),
        baseline_high: share("97.5% quantile of the draws"),
      }),
    ),
  })
  .meta({ id: "RunAgreement" });

const runShareSchema = z
  .object({
    runs: z.number().int(),
    per_run: z.array(share("Of the run's distinct findings, the share at least one other run reports too")).meta({
      description: "In upload order; null for a run without findings",
    }),
    mean: share("Mean over the runs with findings (§4.3: 63% for Muse Spark 1.3, 57% for GPT-5.6 Luna)"),
    unavailable_reason: z.string().nullable().meta({
      description:
        "Why there is no share: the groups rebuilt from the stored pair decisions do not reproduce the stored curve",
    }),
    published: z
      .array(
        z.object({
          model: z.string(),
          reasoning_effort: z.string().nullable(),
          runs: z.number().int(),
          share: z.number().meta({ description: "As published, 0..1" }),
        }),
      )
      .meta({ description: "The paper's values for its repeated entries, from the version's reported import" }),
  })
  .meta({ id: "RunShare" });

/** GET /api/v1/submissions/{id}/runs: the query (`table` picks the CSV table). */
export const repeatedRunsQuerySchema = z.object({
  format: z.enum(["json", "csv"]).default("json"),
  table: z
    .enum([
      "runs",
      "curve",
      "subset_curves",
      "spectrum",
      "union_growth",
      "category_overlap",
      "run_agreement",
      "run_share",
      "category_overlap_distinct",
    ])
    .default("runs")
    .meta({
      description:
        "With format=csv: per-run scores, the n-of-k curve, the curves of subsets of the runs, the frequency spectrum, the union's growth with its stable-beta projection, the per-category overlap of the runs, the other configurations' share by how many runs find a bug, each run's share of findings another run reports, or the per-type overlap over every distinct finding",
    }),
});

/** The examples' n-of-k point: the union of the runs (n = 1). */
const UNION_POINT_EXAMPLE = {
  n: 1,
  label: "union",
  recall: 0.5,
  precision: 0.4,
  f1: 0.4444,
  matched_reference_bugs: 2,
  reference_bugs: 4,
  matched_findings: 2,
  findings: 5,
};

/** A figure a submission may not have (one run, no labeller yet): null, or the figure. */
const orNull = <S extends z.ZodType>(schema: S, description: string) => schema.nullable().meta({ description });

/** GET /api/v1/submissions/{id}/runs: the response body. */
export const repeatedRunsSchema = z
  .object({
    submission_id: z.string(),
    runs: z.array(
      scoreSchema.extend({ run: z.number().int().meta({ description: "0-based run index" }), ...distinctCountsShape }),
    ),
    curve: z.array(curvePointSchema),
    spectrum: z.array(spectrumPointSchema),
    union_growth: z.array(unionGrowthRowSchema).meta({
      description:
        "Figure 9: distinct findings reported by runs 1..n, observed for n <= k, with the stable-beta fit's expected union at n = 1..2k (n > k projected) where the fit is identified (df >= 1); expected null otherwise",
    }),
    subset_curves: orNull(
      subsetCurvesSchema,
      "Figure 9's faint curves: the curve of a subset of the runs over the distinct findings of all runs (a finding counts for the subset when one of its runs reports it); null for one run",
    ),
    category_overlap: orNull(
      categoryOverlapSchema,
      "Figure 7: per category of the reference bugs, how much the runs overlap with one another against their recall of the reference set",
    ),
    category_overlap_distinct: orNull(
      distinctOverlapSchema,
      "Figure 7 over every distinct finding, matched or not: per type (the findings' labels), the runs' overlap with one another against their recall of the type's reference bugs; null for one run",
    ),
    run_share: orNull(
      runShareSchema,
      "§4.3: per run, the share of its distinct findings another run also reports, over the groups of all runs, beside the paper's published values; null for one run",
    ),
    run_agreement: orNull(
      runAgreementSchema,
      "Figure 8: by how many of the runs other than the last find a reference bug, the share the version's other configurations find, the share the held-out last run finds, and a category-matched random baseline",
    ),
  })
  .meta({
    id: "RepeatedRuns",
    example: {
      submission_id: "cmabc123",
      runs: [
        {
          run: 0,
          ...SCORE_EXAMPLE,
          distinct_findings: 2,
          matched_distinct_findings: 1,
        },
      ],
      curve: [UNION_POINT_EXAMPLE],
      spectrum: [{ n: 1, exactly_matched: 1, exactly_unmatched: 2, union_matched: 1, union_unmatched: 2 }],
      union_growth: [{ n: 1, observed: 3, expected: null, projected: false }],
      subset_curves: {
        runs: 3,
        sampled: false,
        seed: 9,
        unavailable_reason: null,
        subsets: [
          {
            runs: [0, 1],
            points: [UNION_POINT_EXAMPLE],
          },
        ],
      },
      category_overlap: {
        median_ratio: 2,
        uncategorised_reference_bugs: 0,
        categories: [
          {
            category: "logic",
            reference_bugs: 4,
            mean_found: 2,
            reference_recall: 0.5,
            run_overlap: 1,
            pairs: 2,
            ratio: 2,
          },
        ],
      },
      category_overlap_distinct: {
        labeller: "model-c~1f2e3d4c5b6a~9a8b7c6d5e4f",
        same_labeller: true,
        unavailable_reason: null,
        unlabelled_groups: 0,
        median_ratio: 2,
        categories: [
          {
            category: "Wrong arithmetic or comparison expression",
            distinct_findings: 3,
            run_overlap: 0.5,
            pairs: 6,
            reference_recall: 0.25,
            ratio: 2,
          },
        ],
      },
      run_share: { runs: 3, per_run: [0.6, 0.5, 0.55], mean: 0.55, unavailable_reason: null, published: [] },
      run_agreement: {
        runs: 3,
        held_out_run: 2,
        configurations: 2,
        other_entries: [
          { submission_id: "cmdef456", model: "Other model", reasoning_effort: "high", harness: "probe-passes" },
          { submission_id: "cmghi789", model: "Third model", reasoning_effort: null, harness: "probe-passes" },
        ],
        same_model_entries: 1,
        draws: 200,
        seed: 20260408,
        no_data_reason: null,
        buckets: [
          {
            runs_finding: 2,
            reference_bugs: 3,
            uncategorised_reference_bugs: 0,
            configurations: 2,
            others_share: 0.8333,
            held_out_share: 0.6667,
            baseline_mean: 0.21,
            baseline_low: 0,
            baseline_high: 0.5,
          },
        ],
      },
    },
  });

export const runBreakdownSchema = scoreBreakdownSchema.extend({ run: z.number().int(), ...distinctCountsShape });
export { distinctCountsShape };
