import { z } from "zod";
import { knowledgeCutoffSchema } from "./findings-file";
import { pipelineSchema } from "./benchmark-file";

// The shape of data/probe-reported.json: results published elsewhere (the PROBE paper and blog), transcribed as data.
// Percentages are as printed (0..100). Unknown keys are kept (loose objects): the raw configuration row is stored as
// the submission's reportedData, notes and all.
const percent = z.number().min(0).max(100);

/** A published Table 16 row: matched reference bugs, D, the unadjusted and the Holm-adjusted p. */
export const reportedFixRankSchema = z.object({
  run: z.number().int().min(1).nullable(),
  matched: z.number().int().min(0),
  d: z.number().min(0).max(1),
  p: z.number().min(0).max(1),
  p_holm: z.number().min(0).max(1),
  // How many tests the published p_holm adjusts across (Table 16: "all 27 tests").
  holm_family: z.number().int().min(1).optional(),
});

/** A published Table 22-23 row: one model's parameters, implied pool and goodness of fit. */
export const reportedFrequencyModelSchema = z.object({
  model: z.enum(["binomial", "beta_binomial", "stable_beta"]),
  k: z.number().int().min(0),
  parameters: z.array(z.object({ name: z.string(), value: z.number(), at_bound: z.boolean().default(false) })),
  pool_size: z.number().nullable(),
  pool_infinite: z.boolean(),
  chi_squared: z.number().nullable(),
  df: z.number().int().nullable(),
  p: z.number().nullable(),
  // Printed as "p < 10^-99": the bound.
  p_below: z.number().nullable(),
  effect_size: z.number().nullable(),
});

const cellSchema = z.looseObject({ recall: percent.optional(), precision: percent.optional() });

const reportedConfigurationSchema = z.looseObject({
  model: z.string().min(1),
  reasoning_effort: z.string().min(1).optional(),
  harness: z.string().min(1).optional(),
  subset: z.string().min(1).default("full"),
  recall: percent.optional(),
  // the published count where a table gives it (paper Table 16); otherwise derived from recall
  matched_reference_bugs: z.number().int().min(0).optional(),
  precision: percent.optional(),
  f1: percent.optional(),
  findings: z.number().int().min(0).optional(),
  cost_usd: z.number().min(0).optional(),
  runs: z.number().int().min(1).default(1),
  per_repository: z.record(z.string(), cellSchema).nullable().optional(),
  panel: z
    .looseObject({
      confirmed: z.number().int().optional(),
      rejected: z.number().int().optional(),
      abstained: z.number().int().optional(),
      validity: percent.optional(),
      ci: z.tuple([percent, percent]).optional(),
    })
    .optional(),
  notes: z.string().optional(),
  // Table 17: the vendor's published knowledge cut-off, or a note saying there is none.
  knowledge_cutoff: knowledgeCutoffSchema.optional(),
  knowledge_cutoff_note: z.string().max(500).optional(),
  // Table 16 as published: one row per run (run is null for a single-run configuration).
  fix_rank: z.array(reportedFixRankSchema).max(100).optional(),
  // Tables 22-23 as published for a repeated configuration: N, and each model's fit.
  distinct_findings: z.number().int().min(0).optional(),
  frequency_models_source: z.string().optional(),
  frequency_models: z.array(reportedFrequencyModelSchema).max(10).optional(),
});

export const reportedValiditySchema = z.looseObject({
  panel_validity_pct: percent.optional(),
  panel_validity_unmatched_pct: percent.optional(),
  panel_validity_matched_pct: percent.optional(),
  findings_sampled_per_configuration: z.number().int().optional(),
  source: z.string().optional(),
  author_vs_panel: z
    .looseObject({
      source: z.string().optional(),
      // Rows: the grader's confirmed, rejected, unsure; columns: the panel's confirmed, rejected, abstained.
      counts: z.array(z.array(z.number().int().min(0)).length(3)).length(3),
    })
    .optional(),
});

const reportedRepositorySchema = z.looseObject({
  name: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  language: z.string().min(1),
  domain: z.string().optional(),
  bugs: z.number().int().min(0).optional(),
  // Table 6 as published.
  files: z.number().int().min(0).optional(),
  passes: z.number().int().min(0).optional(),
  kloc: z.number().min(0).optional(),
  tests: z.number().int().min(0).optional(),
  commits: z.number().int().min(0).optional(),
  fix_commits: z.number().int().min(0).optional(),
});

const distributionRowSchema = z.looseObject({
  human_pct: percent.optional(),
  agent_pct: percent.optional(),
  agent_range: z.tuple([percent, percent]).optional(),
  human_n: z.number().int().optional(),
});

/** The distribution families fitted to the bug pool (§A.3, Tables 8-9). */
export const bugPoolFamilySchema = z.enum(["exponential", "weibull", "lognormal"]);
const family = bugPoolFamilySchema;

/** §A.3 (Tables 8-9, the held-out check) as published: the datasheet shows it beside what it computes. */
export const reportedBugPoolSchema = z.object({
  full_window_bugs: z.number().int(),
  first_half_bugs: z.number().int(),
  parameters: z.record(family, z.object({ full: z.array(z.number()), first_half: z.array(z.number()) })),
  held_out: z.object({
    observed: z.number().int(),
    predicted: z.record(family, z.number()),
    underprediction_pct: z.record(family, z.number()),
  }),
  horizons: z.record(family, z.object({ five_years: z.number(), ten_years: z.number(), total: z.number() })),
});

export const reportedFileSchema = z.looseObject({
  benchmark: z.looseObject({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
    name: z.string().min(1),
    version: z.string().min(1),
    snapshot_date: z.iso.date(),
    reference_bugs: z.number().int().min(0),
    repository_count: z.number().int().min(1).optional(),
    // Table 1 and §A.3 (Tables 8-9, the held-out check) as published.
    pipeline: pipelineSchema.optional(),
    bug_pool: reportedBugPoolSchema.optional(),
    subsets: z
      .record(
        z.string(),
        z.looseObject({
          repository_count: z.number().int().optional(),
          reference_bugs: z.number().int().optional(),
          notes: z.string().optional(),
        }),
      )
      .default({}),
    repositories: z.array(reportedRepositorySchema).min(1),
  }),
  source: z.looseObject({ title: z.string(), url: z.url(), year: z.number().int().optional() }),
  configurations: z.array(reportedConfigurationSchema).min(1),
  repeated_run_curves: z
    .array(
      z.looseObject({
        model: z.string(),
        reasoning_effort: z.string().optional(),
        harness: z.string().optional(),
        runs: z.number().int().min(1),
        // §4.3: the mean share of a run's findings that another run also reports.
        mean_share_reported_by_another_run: percent.optional(),
        points: z.array(
          z.looseObject({
            min_runs: z.number().int().min(1),
            label: z.string().optional(),
            recall: percent.optional(),
            precision: percent.optional(),
            cost_usd: z.number().optional(),
          }),
        ),
      }),
    )
    .default([]),
  bug_types: z.array(distributionRowSchema.extend({ category: z.string(), family: z.string().optional() })).default([]),
  bug_type_notes: z.string().optional(),
  triggers: z.array(distributionRowSchema.extend({ name: z.string(), paper_name: z.string().optional() })).default([]),
  // §4.2 and the blog: validity pooled over every panel sample (85%), over unmatched (84%) and matched (96%) findings;
  // Table 15: the blind grader's verdicts against the panel's.
  validity_summary: reportedValiditySchema.optional(),
  // §2.3: the matcher against expert-validated matches, and the share of within-repository pairs the prefilter kept.
  matcher_validation: z
    .looseObject({
      precision_pct: percent.optional(),
      recall_pct: percent.optional(),
      expert_validated_matches: z.number().int().optional(),
      runs: z.number().int().optional(),
      prefilter_retained_pair_share_pct: percent.optional(),
    })
    .optional(),
});

export type ReportedFile = z.infer<typeof reportedFileSchema>;
export type ReportedConfiguration = z.infer<typeof reportedConfigurationSchema>;
