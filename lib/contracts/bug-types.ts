import { z } from "zod";
import { intervalSchema } from "./common";
import { benchmarkRefSchema, downloadQuerySchema } from "./public-reads";

// The bug-type reads (§4.2, Tables 20-21, Figure 6): GET /api/v1/bug-types and /api/v1/bug-types/distances, with
// their query strings and answers.

/** The bug-type comparisons' `labeller`: one classifier configuration for both sides (docs/analyses.md). */
const labellerQuery = z.string().trim().min(1).max(300).optional().meta({
  description:
    "The classifier configuration that labels both sides, as `key` of `labeller_choices` (model~prompt hash~taxonomy hash); by default the one docs/analyses.md defines",
});

/** GET /api/v1/bug-types/distances: `table` picks the CSV table. */
export const bugTypeDistancesQuerySchema = downloadQuerySchema.extend({
  labeller: labellerQuery,
  table: z.enum(["pairs", "runs"]).default("pairs").meta({
    description:
      "With format=csv: every ordered pair of the heat map (first runs), or per configuration the run-to-run and reference-to-run distances over every run",
  }),
});

// Which configurations the agent side of the bug-type shares pools (Tables 20-21 pool the paper's full-harness
// configurations, one run each). The default is the full harness (probe-passes, F.5.2); `harness` may name another
// harness label (as a findings file gives it) or "all", and `source` keeps uploads or in-house runs only.
export const FULL_HARNESS = "probe-passes";
export const AGENT_POOL_SOURCES = ["all", "upload", "in_house"] as const;
export const agentPoolQuerySchema = z.object({
  harness: z.string().trim().min(1).max(100).default(FULL_HARNESS),
  source: z.enum(AGENT_POOL_SOURCES).default("all"),
});

// GET /api/v1/bug-types
export const bugTypesQuerySchema = downloadQuerySchema.extend({
  ...agentPoolQuerySchema.shape,
  labeller: labellerQuery,
});

// Which labeller one side of a bug-type comparison used (F.7.3: one classifier for both sides).
const bugTypeLabellerSchema = z
  .object({
    kind: z.enum(["classifier", "benchmark"]).meta({
      description:
        "classifier: a classifier configuration (model + prompt hash + taxonomy hash); benchmark: the benchmark file's own labels, the maintainers' (another labeller)",
    }),
    key: z.string().meta({ description: "model~prompt hash~taxonomy hash (prefixes), or `benchmark`" }),
    model: z.string().nullable(),
    prompt_hash: z.string().nullable(),
    taxonomy_hash: z.string().nullable(),
    description: z.string(),
  })
  .meta({ id: "BugTypeLabeller" });
const comparisonLabellersSchema = z.object({
  agents: bugTypeLabellerSchema.nullable().meta({ description: "null when no finding of the pool is labelled" }),
  reference: bugTypeLabellerSchema,
});
const labellerChoicesSchema = z
  .array(
    z.object({
      key: z.string(),
      description: z.string(),
      findings: z.number().int().meta({ description: "Findings of the pool it labelled" }),
      reference_bugs: z.number().int().meta({ description: "Reference bugs of the version it labelled" }),
      every_reference: z
        .boolean()
        .meta({ description: "It labelled every reference bug (a same-labeller comparison)" }),
      configured: z.boolean().meta({ description: "The configuration this deployment classifies with" }),
      chosen: z.boolean(),
    }),
  )
  .meta({
    description: "Every classifier configuration with labels here; pass its key as `labeller` to compare with it",
  });

const distributionRowSchema = z.looseObject({
  name: z.string(),
  family: z.string().nullable(),
  level: z.number().nullable(),
  humanN: z.number().nullable(),
  humanShare: z.number().nullable(),
  agentShare: z.number().nullable(),
  agentRange: intervalSchema.nullable(),
  agentMeanN: z
    .number()
    .nullable()
    .meta({ description: "Table 20's n-bar: mean count per configuration (one run each) among agent findings" }),
  gap: z.number().nullable(),
  ratio: z.number().nullable().meta({ description: "Table 20's Ratio: agent share over maintainer share" }),
});
const distributionSchema = z
  .looseObject({
    categories: z.array(distributionRowSchema),
    triggers: z.array(distributionRowSchema),
    humanTotal: z.number().nullable(),
    agentConfigurations: z.number().nullable(),
    insufficientTriggers: z.object({ maintainers: z.number().int(), agents: z.number().int() }).nullable().meta({
      description:
        "Bugs and findings classified at trigger level 0 (insufficient information), left out of the trigger shares",
    }),
    referenceWithoutTrigger: z.number().int().nullable().meta({
      description:
        "Reference bugs whose maintainers' label has a category but no trigger level, left out of the trigger shares (maintainers' labels only)",
    }),
    pool: z
      .looseObject({ harness: z.string(), source: z.enum(["all", "upload", "in_house"]), description: z.string() })
      .nullable()
      .meta({
        description:
          "What the agent side pools (stored distributions only; the `harness` and `source` query parameters)",
      }),
    labellers: comparisonLabellersSchema.nullable().meta({
      description: "Which labeller each side used (stored distributions only; null for published figures)",
    }),
    sameLabeller: z.boolean().nullable().meta({
      description: "Both sides labelled by the same classifier configuration (F.7.3); false: the maintainers' labels",
    }),
    labellerNote: z
      .string()
      .nullable()
      .meta({ description: "Which labeller each side used and what turns on the same-labeller comparison" }),
    labellerChoices: labellerChoicesSchema.nullable(),
    notes: z.string().nullable(),
  })
  .nullable();
export const bugTypesSchema = z
  .looseObject({ benchmark: benchmarkRefSchema, stored: distributionSchema, reported: distributionSchema })
  .meta({ id: "BugTypes" });

// §4.2, Figure 6: Jensen-Shannon distances between bug-type distributions.
const distanceSummarySchema = z
  .object({
    n: z.number().int().meta({ description: "Distances summarised" }),
    mean: z.number(),
    min: z.number(),
    max: z.number(),
  })
  .meta({ id: "DistanceSummary" });
const distances = (description: string) => distanceSummarySchema.nullable().meta({ description });
/** The examples' labeller: one classifier configuration for the findings and the reference set. */
const LABELLER_EXAMPLE = {
  kind: "classifier",
  key: "model-c~1f2e3d4c5b6a~9a8b7c6d5e4f",
  model: "model-c",
  prompt_hash: "1f2e3d4c5b6a…",
  taxonomy_hash: "9a8b7c6d5e4f…",
  description: "classifier model-c (prompt 1f2e3d4c, taxonomy 9a8b7c6d)",
};

/** GET /api/v1/bug-types/distances: the response body. */
export const bugTypeDistancesSchema = z
  .object({
    benchmark: benchmarkRefSchema,
    base: z.literal(2).meta({
      description:
        "Logarithm base of the Jensen-Shannon divergence: 2, so distances lie in [0, 1]. The paper does not state its base; a natural-log distance (scipy's default) is sqrt(ln 2) = 0.83 times this one",
    }),
    categories: z.array(z.string()),
    subjects: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        kind: z.enum(["reference", "configuration"]),
        submission_id: z.string().nullable(),
        labeller: z.string().meta({ description: "The key of the labeller of this subject's labels" }),
        n: z.number().int().meta({ description: "Labelled bugs or findings the distribution counts" }),
      }),
    ),
    distances: z.array(z.array(z.number().nullable())).meta({
      description:
        "Jensen-Shannon distance (base 2, 0..1) between subjects i and j (each configuration's first run); null when either has no labelled item",
    }),
    within_configuration: z
      .array(
        z.object({
          submission_id: z.string(),
          label: z.string(),
          runs: z.number().int().meta({ description: "Runs with attributed findings" }),
          run_to_run: distances("Distances between the configuration's runs, each pair once; null with one run"),
          reference_to_runs: distances(
            "Distances of the reference set to each run; null without a reference distribution",
          ),
          to_other_configurations: distances(
            "Distances of each of its runs to every run of the other configurations (the paper's distances of each run to the other runs); null when no other configuration has a run",
          ),
        }),
      )
      .meta({
        description:
          "Figure 6 over every run: per configuration, how far its runs are from one another and from the reference set",
      }),
    run_pairs: z
      .object({
        within_configurations: distances("Every pair of runs of one configuration, over all configurations"),
        across_configurations: distances("Every pair of runs of different configurations, each pair once"),
      })
      .meta({ description: "Figure 6 over every pair of runs of the version: within against across configurations" }),
    labellers: comparisonLabellersSchema,
    same_labeller: z.boolean().meta({
      description: "The reference set and the findings labelled by the same classifier configuration (F.7.3)",
    }),
    labeller_note: z.string(),
    labeller_choices: labellerChoicesSchema,
  })
  .meta({
    id: "BugTypeDistances",
    example: {
      benchmark: {
        id: "cmb1",
        slug: "probe",
        version: "2026.1",
        name: "PROBE",
        key: "probe@2026.1",
        snapshotDate: "2026-01-15",
      },
      base: 2,
      categories: ["memory-safety", "logic"],
      subjects: [
        {
          key: "reference",
          label: "Maintainers (reference set)",
          kind: "reference",
          submission_id: null,
          labeller: "model-c~1f2e3d4c5b6a~9a8b7c6d5e4f",
          n: 413,
        },
        {
          key: "cmabc123",
          label: "model-x · high",
          kind: "configuration",
          submission_id: "cmabc123",
          labeller: "model-c~1f2e3d4c5b6a~9a8b7c6d5e4f",
          n: 120,
        },
      ],
      distances: [
        [0, 0.21],
        [0.21, 0],
      ],
      within_configuration: [
        {
          submission_id: "cmabc123",
          label: "model-x · high",
          runs: 3,
          run_to_run: { n: 3, mean: 0.08, min: 0.06, max: 0.11 },
          reference_to_runs: { n: 3, mean: 0.22, min: 0.21, max: 0.24 },
          to_other_configurations: { n: 6, mean: 0.12, min: 0.09, max: 0.15 },
        },
      ],
      run_pairs: {
        within_configurations: { n: 3, mean: 0.08, min: 0.06, max: 0.11 },
        across_configurations: { n: 6, mean: 0.12, min: 0.09, max: 0.15 },
      },
      labellers: {
        agents: LABELLER_EXAMPLE,
        reference: LABELLER_EXAMPLE,
      },
      same_labeller: true,
      labeller_note:
        "Both sides are labelled by one classifier configuration, model-c (prompt 1f2e3d4c, taxonomy 9a8b7c6d) (the configured classifier, which labelled every reference bug): the reference bugs and the findings alike, as the paper's F.7.3 does.",
      labeller_choices: [
        {
          key: "model-c~1f2e3d4c5b6a~9a8b7c6d5e4f",
          description: "model-c (prompt 1f2e3d4c, taxonomy 9a8b7c6d)",
          findings: 360,
          reference_bugs: 413,
          every_reference: true,
          configured: true,
          chosen: true,
        },
      ],
    },
  });
