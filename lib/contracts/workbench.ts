import { z } from "zod";
import { benchmarkRefSchema } from "../validation/benchmark-ref";
import { repoPath } from "./route-kit";
import { reviewStatusSchema, scoringStatusSchema, severityOrNull, timestampSchema } from "./common";

// The workbench reads (docs/workbench.md): one run's matches, a finding/reference pair, two submissions compared,
// a repository's reference bugs and one reference bug with its matches.

const formatQuery = z.enum(["json", "csv"]).default("json");
const repoName = z
  .string()
  .trim()
  .max(200)
  .regex(/^[^/\s]+\/[^/\s]+$/, { message: "must be owner/name" });
const runIndex = z.coerce
  .number({ message: "must be a run number (0-based)" })
  .int({ message: "must be a run number (0-based)" })
  .min(0, { message: "must be 0 or more" })
  .max(1_000)
  .optional();

// GET /api/v1/submissions/{id}/matches
export const matchesQuerySchema = z.object({
  repo: repoName.optional(),
  run: runIndex,
  format: formatQuery,
});

// GET /api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id}
export const pairQuerySchema = z.object({ run: runIndex });

// GET /api/v1/compare
const submissionId = z.string().trim().min(1, { message: "required" }).max(100);
const compareRun = z.coerce.number().int().min(0).max(1_000).optional();
export const compareQuerySchema = z.object({
  repo: z
    .string()
    .trim()
    .min(1, { message: "required (owner/name)" })
    .max(200)
    .regex(/^[^/\s]+\/[^/\s]+$/, { message: "must be owner/name" }),
  a: submissionId,
  b: submissionId,
  run_a: compareRun,
  run_b: compareRun,
  format: formatQuery,
});

// GET /api/v1/compare/entries
const MAX_COMPARED_ENTRIES = 12;
export const compareEntriesQuerySchema = z.object({
  benchmark: benchmarkRefSchema.optional(),
  entries: z
    .string()
    .trim()
    .max(2_000)
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? "")
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length !== 1, { message: "choose two or more entries (comma-separated submission ids)" })
    .refine((ids) => ids.length <= MAX_COMPARED_ENTRIES, {
      message: `choose at most ${MAX_COMPARED_ENTRIES} entries`,
    }),
  format: formatQuery,
});

// GET /api/v1/repositories/{owner}/{name}/bugs
const label = z.string().trim().min(1).max(200).optional();
export const repositoryBugsQuerySchema = z.object({
  benchmark: benchmarkRefSchema.optional(),
  never_found: z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
  category: label,
  trigger: label,
  severity: z
    .enum(["low", "medium", "high", "critical"], { message: "must be low, medium, high or critical" })
    .optional(),
  format: formatQuery,
});

// GET /api/v1/repositories/{owner}/{name}/bugs/{bug_id}
export const referenceBugQuerySchema = z.object({
  benchmark: benchmarkRefSchema.optional(),
  format: formatQuery,
});

const decidedBySchema = z.enum(["judge", "maintainer"]);
export const submissionMatchesSchema = z
  .looseObject({
    submission_id: z.string(),
    run: z.number().int(),
    runs: z.number().int(),
    status: scoringStatusSchema,
    repositories: z.array(
      z.looseObject({
        repo: z.string(),
        matched: z.array(
          z.looseObject({
            reference_bug_id: z.string(),
            finding_ids: z.array(z.string()),
            decided_by: decidedBySchema,
            pairs: z.array(z.object({ finding_id: z.string(), decided_by: decidedBySchema })),
          }),
        ),
        unmatched_reference_bug_ids: z.array(z.string()),
        unmatched_finding_ids: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: "SubmissionMatches" });

const locationFields = {
  id: z.string(),
  repo: z.string(),
  file: z.string(),
  line_start: z.number().int(),
  line_end: z.number().int(),
};
const referenceRecordSchema = z
  .union([
    z.looseObject({
      ...locationFields,
      title: z.string(),
      description: z.string(),
      code_snippet: z.string(),
      suggested_fix: z.string().nullable(),
      severity: z.string().nullable(),
      category: z.string().nullable(),
      trigger: z.string().nullable(),
    }),
    z.looseObject({
      id: z.string(),
      repo: z.string(),
      severity: z.string().nullable(),
      category: z.string().nullable(),
      trigger: z.string().nullable(),
      hidden: z.literal(true),
    }),
  ])
  .meta({
    id: "ReferenceRecord",
    description: "In full, or only id, repository and labels when the version hides reference details",
  });

export const pairViewSchema = z
  .looseObject({
    submission: z.looseObject({
      id: z.string(),
      model: z.string(),
      benchmark: z.string(),
      status: scoringStatusSchema,
      progress: z.number(),
      review_status: reviewStatusSchema,
    }),
    run: z.number().int(),
    finding: z.looseObject({
      ...locationFields,
      run: z.number().int(),
      title: z.string(),
      description: z.string(),
      code_snippet: z.string(),
      suggested_fix: z.string().nullable(),
      severity: severityOrNull,
      confidence: z.number().nullable(),
      category: z.string().nullable(),
      trigger: z.string().nullable(),
    }),
    reference_bug: referenceRecordSchema,
    signals: z
      .array(
        z.object({
          signal: z.string(),
          label: z.string(),
          value: z.number(),
          threshold: z.number(),
          reached: z.boolean(),
        }),
      )
      .nullable(),
    proposed: z.boolean(),
    verdict: z
      .looseObject({
        match: z.boolean(),
        judge_model: z.string(),
        prompt_version: z.string(),
        offline_judge: z.boolean(),
        rationale: z.string().nullable(),
      })
      .nullable(),
    override: z
      .looseObject({
        id: z.string(),
        decision: z.enum(["match", "no_match"]),
        reason: z.string().nullable(),
        created_at: timestampSchema,
        created_by: z.string().nullable(),
      })
      .nullable(),
    matched: z.boolean(),
    decided_by: decidedBySchema.nullable(),
    can_override: z.boolean(),
  })
  .meta({ id: "PairView" });

const compareSideSchema = z.looseObject({
  id: z.string(),
  model: z.string(),
  reasoning_effort: z.string().nullable(),
  harness: z.string().nullable(),
  run: z.number().int(),
  status: scoringStatusSchema,
});
export const comparisonSchema = z
  .looseObject({
    benchmark: z.string(),
    repo: z.string(),
    reference_visibility: z.string(),
    details_visible: z.boolean(),
    a: compareSideSchema,
    b: compareSideSchema,
    titles: z.record(z.string(), z.string()),
    both: z.array(z.string()),
    only_a: z.array(z.string()),
    only_b: z.array(z.string()),
    neither: z.array(z.string()),
  })
  .meta({ id: "Comparison" });

const comparedBugSchema = z.looseObject({
  id: z.string(),
  repo: z.string(),
  title: z.string().optional().meta({ description: "Only where the version shows reference details" }),
});
const comparedEntrySchema = z.looseObject({
  id: z.string(),
  model: z.string(),
  reasoning_effort: z.string().nullable(),
  harness: z.string().nullable(),
  found: z.number().int().meta({ description: "Reference bugs its first run found" }),
});
export const entriesComparisonSchema = z
  .looseObject({
    benchmark: z.string(),
    reference_visibility: z.string(),
    details_visible: z.boolean(),
    reference_bugs: z.number().int(),
    entries: z.array(comparedEntrySchema).meta({ description: "Every public verified entry of the version" }),
    overlap: z
      .array(
        z.looseObject({
          a: z.string(),
          b: z.string(),
          both: z.number().int(),
          jaccard: z.number().nullable(),
        }),
      )
      .meta({
        description: "Every pair of entries: reference bugs both found and the Jaccard index (null: neither found any)",
      }),
    selection: z
      .looseObject({
        entries: z.array(z.string()),
        found_by_all: z.array(comparedBugSchema),
        only: z
          .record(z.string(), z.array(comparedBugSchema))
          .meta({ description: "Per chosen entry id: found by it and by none of the other chosen entries" }),
        found_by_none: z.array(comparedBugSchema),
      })
      .nullable()
      .meta({ description: "The chosen entries' reference bugs (null: none chosen)" }),
  })
  .meta({ id: "EntriesComparison" });

const bugLabels = {
  id: z.string(),
  repo: z.string(),
  severity: severityOrNull,
  category: z.string().nullable(),
  trigger: z.string().nullable(),
};
const foundBy = { found_by: z.number().int(), configurations: z.number().int(), found_by_share: z.number().nullable() };
export const repositoryBugsSchema = z
  .looseObject({
    benchmark: z.string(),
    repository: z.looseObject({ name: z.string(), language: z.string(), domain: z.string().nullable() }),
    reference_visibility: z.string(),
    details_visible: z.boolean(),
    configurations: z.number().int(),
    reference_bugs: z.number().int(),
    never_found: z.number().int(),
    filters: z.looseObject({
      never_found: z.boolean(),
      category: z.string().nullable(),
      trigger: z.string().nullable(),
      severity: severityOrNull,
    }),
    choices: z.looseObject({
      categories: z.array(z.string()),
      triggers: z.array(z.string()),
      severities: z.array(z.string()),
    }),
    bugs: z.array(
      z.union([
        z.looseObject({
          ...bugLabels,
          ...foundBy,
          file: z.string(),
          line_start: z.number().int(),
          line_end: z.number().int(),
          title: z.string(),
        }),
        z.looseObject({ ...bugLabels, ...foundBy, hidden: z.literal(true) }),
      ]),
    ),
  })
  .meta({ id: "RepositoryBugs" });

export const referenceBugDetailSchema = z
  .looseObject({
    benchmark: z.string(),
    repository: z.looseObject({ name: z.string(), language: z.string() }),
    reference_visibility: z.string(),
    details_visible: z.boolean(),
    reference_bug: referenceRecordSchema,
    matched_by: z.array(
      z.looseObject({
        submission_id: z.string(),
        model: z.string(),
        reasoning_effort: z.string().nullable(),
        harness: z.string().nullable(),
        run: z.number().int(),
        finding_id: z.string().nullable(),
        title: z.string().nullable(),
        file: z.string().nullable(),
        line_start: z.number().int().nullable(),
        line_end: z.number().int().nullable(),
        decided_by: z.enum(["judge", "maintainer"]),
      }),
    ),
  })
  .meta({ id: "ReferenceBugDetail" });

export const pairPath = z.object({ id: z.string(), finding_id: z.string(), reference_bug_id: z.string() });
export const referenceBugPath = repoPath.extend({ bug_id: z.string() });
