import { z } from "zod";
import { timestampSchema } from "./common";

// Benchmark builds (/api/v1/admin/builds): a version built from repositories' histories with the paper's collection
// pipeline (docs/building-benchmarks.md).

const commitOrDate = z
  .string()
  .trim()
  .regex(/^([0-9a-f]{7,40}|\d{4}-\d{2}-\d{2})$/i, { message: "must be a commit hash or a date YYYY-MM-DD" });

const buildRepositorySchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[^/\s]+\/[^/\s]+$/, { message: "must be owner/name" })
      .max(200),
    language: z.string().trim().toLowerCase().min(1).max(50),
    // An uploaded bundle's id (POST /api/v1/admin/builds/bundles), or a clone URL on a host of BUILD_CLONE_HOSTS.
    bundle: z
      .string()
      .regex(/^[0-9a-f]{64}$/, { message: "must be a bundle id returned by the bundle upload" })
      .optional(),
    url: z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
      .max(500)
      .optional(),
  })
  .refine((r) => (r.bundle === undefined) !== (r.url === undefined), {
    message: "give exactly one of bundle and url",
  });

export const createBuildBodySchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { message: "must be lowercase letters, digits and dashes" }),
    name: z.string().trim().min(1).max(200),
    version: z.string().trim().min(1).max(50),
    // T0: the snapshot commit, or a date (the default branch's last first-parent commit on or before it).
    snapshot: commitOrDate,
    // T1: the window ends at the start of this date (exclusive).
    window_end: z.iso.date({ message: "must be a date YYYY-MM-DD" }),
    budget_usd: z.number().min(0).max(1_000_000).optional(),
    repositories: z.array(buildRepositorySchema).min(1).max(50),
  })
  .superRefine((body, ctx) => {
    const names = new Set<string>();
    body.repositories.forEach((r, i) => {
      if (names.has(r.name))
        ctx.addIssue({ code: "custom", path: ["repositories", i, "name"], message: `duplicate repository ${r.name}` });
      names.add(r.name);
    });
    if (/^\d{4}-\d{2}-\d{2}$/.test(body.snapshot) && body.snapshot >= body.window_end)
      ctx.addIssue({ code: "custom", path: ["window_end"], message: "must be after the snapshot date" });
  });
export type CreateBuildBody = z.output<typeof createBuildBodySchema>;

/** "Refresh": the same repositories (and sources) with a later T0 and T1, as a new version. */
export const refreshBuildBodySchema = z.object({
  version: z.string().trim().min(1).max(50),
  snapshot: commitOrDate,
  window_end: z.iso.date({ message: "must be a date YYYY-MM-DD" }),
  budget_usd: z.number().min(0).max(1_000_000).optional(),
  // Newer bundles of some repositories, by name (a bundle-sourced repository otherwise reuses its stored bundle).
  bundles: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/, { message: "must be a bundle id" })).optional(),
});
export type RefreshBuildBody = z.output<typeof refreshBuildBodySchema>;

export const uploadedBundleSchema = z.object({ bundle: z.string(), bytes: z.number().int() });

const buildStatusSchema = z.enum(["awaiting_approval", "running", "review", "published", "failed", "cancelled"]);

const table1RowSchema = z.object({
  stage: z.string(),
  label: z.string(),
  status: z.string().nullable(),
  count: z.number().int().nullable(),
  change: z.number().nullable().meta({ description: "Relative to the preceding counted stage (Table 1's Δ)" }),
  model_calls: z.number().int(),
  input_tokens: z.number().int().meta({ description: "Prompt tokens of the stage's model calls" }),
  cached_input_tokens: z.number().int().meta({
    description: "The part of input_tokens the provider's prefix cache served (billed at its cached price)",
  }),
  output_tokens: z.number().int().meta({ description: "Completion tokens of the stage's model calls" }),
  cost_usd: z.number(),
  error: z.string().nullable(),
});

const reportSchema = z.object({
  title: z.string(),
  description: z.string(),
  severity: z.string(),
  suggested_fix: z.string(),
});

const buildCandidateSchema = z.object({
  id: z.string(),
  repo: z.string(),
  commit: z.string(),
  fixed_at: timestampSchema,
  stage: z.string(),
  verdict: z.enum(["kept", "dropped", "duplicate"]),
  ground: z.string().nullable(),
  introduced_by: z.string().nullable(),
  low_confidence: z.boolean(),
  parent_location: z.object({ file: z.string(), line_start: z.number().int(), line_end: z.number().int() }),
  insertion: z.boolean(),
  location: z.object({ file: z.string(), line_start: z.number().int(), line_end: z.number().int() }).nullable(),
  summary: z.string(),
  rationale: z.record(z.string(), z.string()),
  report: reportSchema.nullable(),
  duplicate_of: z.string().nullable(),
  audit: z
    .object({
      verdict: z.enum(["keep", "flag", "no_verdict"]),
      ground: z
        .string()
        .nullable()
        .meta({ description: "none for a kept bug; a flag's ground (F.3.1); null when the session gave no verdict" }),
      rationale: z.string(),
      cited_output: z
        .string()
        .nullable()
        .meta({ description: "The tool output of the audit session a flag relies on, as the agent saw it" }),
    })
    .nullable()
    .meta({ description: "The false-positive audit agent's mark (F.3.1); null until the bug is audited" }),
  decision: z.enum(["accept", "reject", "edit"]).nullable(),
  reference_bug_id: z.string().nullable(),
});

export const buildViewSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    version: z.string(),
    snapshot: z.string(),
    window_end: z.string(),
    status: buildStatusSchema,
    error: z.string().nullable(),
    budget_usd: z.number(),
    spent_usd: z.number(),
    estimate: z.record(z.string(), z.number()),
    published: z.string().nullable().meta({ description: "slug@version once published" }),
    refresh_of: z.string().nullable(),
    repositories: z.array(
      z.object({
        name: z.string(),
        language: z.string(),
        source: z.string(),
        snapshot_commit: z.string().nullable(),
        default_branch: z.string().nullable(),
      }),
    ),
    table1: z.array(table1RowSchema),
    candidates: z.array(buildCandidateSchema),
    created_at: timestampSchema,
  })
  .meta({ id: "BenchmarkBuild" });
export type BuildView = z.input<typeof buildViewSchema>;

export const buildListSchema = z.object({
  builds: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      status: buildStatusSchema,
      snapshot: z.string(),
      window_end: z.string(),
      spent_usd: z.number(),
      created_at: timestampSchema,
    }),
  ),
});
export type BuildList = z.input<typeof buildListSchema>;

export const decideCandidateBodySchema = z
  .object({
    decision: z.enum(["accept", "reject", "edit"]),
    reason: z.string().trim().max(2_000).optional(),
    report: z
      .object({
        title: z.string().trim().min(1).max(300),
        description: z.string().trim().min(1).max(5_000),
        severity: z.enum(["low", "medium", "high", "critical"]),
        suggested_fix: z.string().trim().max(3_000),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === "edit" && !b.report)
      ctx.addIssue({ code: "custom", path: ["report"], message: "required when editing" });
    if (b.decision === "reject" && !b.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "required when rejecting" });
  });
export type DecideCandidateBody = z.output<typeof decideCandidateBodySchema>;

export const candidatePath = z.object({ id: z.string(), candidate: z.string() });

export const publishedBuildSchema = z.object({
  key: z.string(),
  reference_bugs: z.number().int(),
  snapshots: z.number().int(),
});
export type PublishedBuild = z.input<typeof publishedBuildSchema>;
