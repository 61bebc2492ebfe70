import { z } from "zod";
import { TOKEN_SCOPES } from "../validation/api-token";
import { pageInfoSchema, reviewStatusSchema, roleSchema, scoreSchema, timestampSchema } from "./common";

// Answers of the account, staff and admin routes: tokens, overrides, context documents, review queue, users, audit
// log, benchmark versions, in-house runs, analyses.

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    created_at: timestampSchema,
    expires_at: timestampSchema,
    expired: z.boolean(),
    last_used_at: timestampSchema.nullable(),
    revoked_at: timestampSchema.nullable(),
  })
  .meta({ id: "ApiToken" });
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) }).meta({ id: "ApiTokenList" });
export const createdApiTokenSchema = apiTokenSchema
  .extend({ token: z.string().meta({ description: "The secret, shown this once" }) })
  .meta({ id: "CreatedApiToken" });
export const revokedApiTokenSchema = z
  .object({ id: z.string(), revoked_at: timestampSchema })
  .meta({ id: "RevokedApiToken" });

export const registeredUserSchema = z.object({ id: z.string(), email: z.string() }).meta({ id: "RegisteredUser" });

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

export const contextDocumentSchema = z
  .looseObject({
    benchmark: z.string(),
    repository: z.string(),
    kind: z.enum(["audit", "panel"]),
    text: z.string().nullable(),
    source: z.enum(["llm", "maintainer"]).nullable(),
    model: z.string().nullable(),
    prompt_version: z.string().nullable(),
    snapshot_sha: z.string().nullable(),
    edited_by: z.string().nullable(),
    edited_at: timestampSchema.nullable(),
    updated_at: timestampSchema.nullable(),
  })
  .meta({ id: "ContextDocument" });

export const reviewQueueSchema = z
  .object({
    submissions: z.array(
      z.looseObject({
        id: z.string(),
        model: z.string(),
        benchmark: z.string(),
        submitter: z.object({ id: z.string(), email: z.string() }).nullable(),
        reasoning_effort: z.string().nullable(),
        harness: z.string().nullable(),
        cost_usd: z.number().nullable(),
        report_url: z.string().nullable(),
        open_model: z.boolean().nullable(),
        source: z.string(),
        status: z.string(),
        review_status: z.string(),
        review_reason: z.string().nullable(),
        runs: z.number().int(),
        created_at: timestampSchema,
        scored_at: timestampSchema.nullable(),
        scores: scoreSchema.nullable(),
        offline_judge: z.boolean().nullable(),
        judge_model: z.string().nullable(),
      }),
    ),
    pagination: pageInfoSchema,
  })
  .meta({ id: "ReviewQueue" });
export const reviewedSubmissionSchema = z
  .object({ id: z.string(), review_status: reviewStatusSchema })
  .meta({ id: "ReviewedSubmission" });

export const userListSchema = z
  .object({
    users: z.array(
      z.looseObject({
        id: z.string(),
        email: z.string(),
        name: z.string().nullable(),
        role: roleSchema,
        email_verified: z.boolean(),
        has_password: z.boolean(),
        github: z.boolean(),
        disabled: z.boolean(),
        submission_quota_per_day: z.number().int().nullable(),
        effective_quota_per_day: z.number().int(),
        submissions: z.number().int(),
        created_at: timestampSchema,
      }),
    ),
    pagination: pageInfoSchema,
  })
  .meta({ id: "UserList" });
export const updatedUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    submission_quota_per_day: z.number().int().nullable(),
    disabled: z.boolean(),
    changes: z.array(z.string()),
    revoked_tokens: z.number().int(),
  })
  .meta({ id: "UpdatedUser" });

export const auditLogSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.string(),
        at: timestampSchema,
        actor: z.object({ id: z.string(), email: z.string() }).nullable(),
        action: z.string(),
        target: z.string(),
        reason: z.string().nullable(),
        details: z.unknown(),
      }),
    ),
    next: z.string().nullable().meta({ description: "Pass as `before` for older entries; null on the last page" }),
  })
  .meta({ id: "AuditLog" });

export const benchmarkVersionListSchema = z
  .object({
    benchmarks: z.array(
      z.looseObject({
        key: z.string(),
        slug: z.string(),
        version: z.string(),
        name: z.string(),
        snapshot_date: z.string(),
        reference_visibility: z.string(),
        taxonomy: z.boolean(),
        repositories: z.number().int(),
        snapshots: z.number().int(),
        reference_bugs: z.number().int(),
        fix_dated_bugs: z.number().int().meta({ description: "Reference bugs with a fix date (fixed_at)" }),
        submissions: z.number().int(),
        public_submissions: z.number().int(),
        created_at: timestampSchema,
      }),
    ),
  })
  .meta({ id: "BenchmarkVersionList" });
export const importedBenchmarkSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    slug: z.string(),
    version: z.string(),
    repositories: z.number().int(),
    reference_bugs: z.number().int(),
  })
  .meta({ id: "ImportedBenchmark" });

const passStatusSchema = z.string();
const auditPassSummarySchema = z.looseObject({
  id: z.string(),
  repo: z.string(),
  pass: z.string(),
  files: z.array(z.string()),
  status: passStatusSchema,
  attempts: z.number().int(),
  turns: z.number().int(),
  tokens: z.number().int(),
  cost_usd: z.number(),
  findings: z.number().int(),
  error: z.string().nullable(),
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
});
const auditRunSummarySchema = z.looseObject({
  id: z.string(),
  benchmark: z.string(),
  model: z.string(),
  reasoning_effort: z.string().nullable(),
  harness: z.string(),
  base_url: z.string().nullable(),
  repos: z.array(z.string()),
  status: z.string(),
  error: z.string().nullable(),
  passes_total: z.number().int(),
  passes_done: z.number().int(),
  passes_failed: z.number().int(),
  passes_running: z.number().int(),
  tokens: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z.number(),
  budget: z.object({ usd: z.number().nullable(), tokens: z.number().nullable(), wall_minutes: z.number().nullable() }),
  submission_id: z.string().nullable(),
  sandbox: z
    .object({
      kind: z.enum(["docker", "process", "none"]),
      reason: z.string().meta({ description: "Why this sandbox: SANDBOX's value, or what auto-detection found" }),
      warning: z.string().nullable().meta({ description: "A limit that does not hold as documented, else null" }),
    })
    .nullable()
    .meta({ description: "The sandbox the worker ran the passes in; null before it started" }),
  created_at: timestampSchema,
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
});
export const auditRunListSchema = z
  .object({ runs: z.array(auditRunSummarySchema), pagination: pageInfoSchema })
  .meta({ id: "AuditRunList" });
export const auditRunSchema = auditRunSummarySchema
  .extend({ passes: z.array(auditPassSummarySchema) })
  .meta({ id: "AuditRun" });
export const auditPassSchema = auditPassSummarySchema
  .extend({ transcript: z.array(z.unknown()), findings_list: z.array(z.unknown()) })
  .meta({ id: "AuditPass" });
export const createdAuditRunSchema = z
  .object({ id: z.string(), status: z.literal("queued"), passes_total: z.number().int() })
  .meta({ id: "CreatedAuditRun" });
export const cancelledAuditRunSchema = z
  .object({ id: z.string(), status: z.literal("cancelled") })
  .meta({ id: "CancelledAuditRun" });

export const approvedSpendSchema = z
  .object({ id: z.string(), status: z.string(), approved_judge_calls: z.number().int() })
  .meta({ id: "ApprovedSpend" });
const startedFindingReview = { id: z.string(), submission_id: z.string(), status: z.literal("queued") };
export const startedPanelSchema = z
  .object({
    ...startedFindingReview,
    sample_size: z.number().int(),
    seed: z.string(),
    runs: z
      .enum(["first", "all"])
      .meta({ description: "Which runs were sampled: the first (Table 14, the default) or all" }),
    judges: z.array(z.string()),
    tier2_judge: z.string(),
  })
  .meta({
    id: "StartedPanel",
    example: {
      id: "cmpanel1",
      submission_id: "cmabc123",
      status: "queued",
      sample_size: 50,
      seed: "probe-panel",
      runs: "first",
      judges: ["judge-a", "judge-b", "judge-c"],
      tier2_judge: "judge-d",
    },
  });
export const startedAttributionSchema = z
  .object({ ...startedFindingReview, model: z.string() })
  .meta({ id: "StartedAttribution" });

export const healthSchema = z.object({ ok: z.literal(true) }).meta({ id: "Health" });

export const importedFixDatesSchema = z
  .object({
    benchmark: z.string().meta({ description: "slug@version" }),
    dated: z.number().int().meta({ description: "Reference bugs the file dated" }),
    reference_bugs: z.number().int().meta({ description: "Reference bugs of the version" }),
    tests: z
      .literal("queued")
      .meta({ description: "The fix-rank tests of the version's scored runs are recomputed by the worker" }),
  })
  .meta({
    id: "ImportedFixDates",
    example: { benchmark: "probe@2026.1", dated: 413, reference_bugs: 413, tests: "queued" },
  });
