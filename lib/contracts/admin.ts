import { z } from "zod";
import {
  pageInfoSchema,
  pageQuerySchema,
  reviewStatusSchema,
  roleSchema,
  scoreSchema,
  timestampSchema,
} from "./common";

// The admin API (/api/v1/admin/*, except in-house runs): the review queue, judge spend, users, the audit log and
// benchmark versions.

export const reviewQueueQuerySchema = z.object({
  // "pending" is the queue proper: scored submissions awaiting a decision
  review_status: reviewStatusSchema.default("pending"),
  ...pageQuerySchema,
});

export const reviewSubmissionBodySchema = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(2_000, { message: "must be at most 2000 characters" }).optional(),
  })
  .superRefine((body, ctx) => {
    // A submitter reads the reason of a rejection on their submissions page; an approval needs none.
    if (body.decision === "reject" && !body.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "required when rejecting" });
  });

export const approveJudgeSpendBodySchema = z.object({
  // Judge calls approved; defaults to the estimate scoring stopped at.
  calls: z.number().int().positive().optional(),
});

export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(320).optional(),
  ...pageQuerySchema,
});

export const updateUserBodySchema = z
  .object({
    role: roleSchema.optional(),
    // null restores the configured default (SUBMISSION_QUOTA_PER_DAY)
    submission_quota_per_day: z.number().int().min(0).max(100_000).nullable().optional(),
    disabled: z.boolean().optional(),
    reason: z.string().trim().min(1, { message: "required: say why, for the audit log" }).max(2_000),
  })
  .superRefine((body, ctx) => {
    if (body.role === undefined && body.submission_quota_per_day === undefined && body.disabled === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "nothing to change: give role, submission_quota_per_day or disabled",
      });
    }
  });

export const auditLogQuerySchema = z.object({
  action: z.string().trim().max(100).optional(),
  target: z.string().trim().max(200).optional(),
  // id of the last entry of the previous page (entries are newest first)
  before: z.string().trim().max(100).optional(),
  take: z.coerce.number().int().min(1).max(500).default(100),
});

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
        review_status: reviewStatusSchema,
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

// The reference bugs of a version labelled by one classifier configuration (docs/panel-and-attribution.md).
const referenceAttributionJobSchema = z
  .object({
    id: z.string(),
    labeller: z
      .string()
      .meta({ description: "The classifier configuration: model~prompt hash~taxonomy hash (prefixes)" }),
    model: z.string(),
    prompt_version: z.string(),
    configured: z.boolean().meta({ description: "The configuration this deployment classifies with" }),
    status: z.enum(["queued", "running", "done", "failed"]),
    progress: z.number().int(),
    error: z.string().nullable(),
    total: z.number().int().meta({ description: "Reference bugs of the version" }),
    labelled: z.number().int().meta({ description: "Reference bugs this configuration has labelled" }),
    cached: z.number().int().meta({ description: "Labels reused from the cache by the last run" }),
    llm_calls: z.number().int(),
    cost_usd: z.number(),
    automatic: z.boolean().meta({ description: "Queued by a submission's attribution rather than by an admin" }),
    finished_at: timestampSchema.nullable(),
  })
  .meta({ id: "ReferenceAttributionJob" });

export const startedReferenceAttributionSchema = z
  .object({
    id: z.string(),
    benchmark: z.string(),
    status: z.literal("queued"),
    labeller: z.string(),
    model: z.string(),
    reference_bugs: z.number().int(),
  })
  .meta({ id: "StartedReferenceAttribution" });

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
        fix_commit_bugs: z
          .number()
          .int()
          .meta({ description: "Reference bugs that name their fix commit (fix_commit)" }),
        submissions: z.number().int(),
        public_submissions: z.number().int(),
        created_at: timestampSchema,
        reference_labels: z
          .object({
            configured: z.string().nullable().meta({
              description: "The classifier configuration this deployment labels with; null without an LLM or taxonomy",
            }),
            unavailable: z.string().nullable().meta({ description: "Why there is no configured labeller" }),
            jobs: z
              .array(referenceAttributionJobSchema)
              .meta({ description: "Every configuration's run, newest first" }),
          })
          .meta({ description: "The reference bugs labelled by the bug-type classifier, per configuration" }),
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

export const approvedSpendSchema = z
  .object({ id: z.string(), status: z.string(), approved_judge_calls: z.number().int() })
  .meta({ id: "ApprovedSpend" });

export const importedFixDatesSchema = z
  .object({
    benchmark: z.string().meta({ description: "slug@version" }),
    dated: z.number().int().meta({ description: "Reference bugs the file dated (by fixed_at or by their fix commit)" }),
    fix_commits: z.number().int().meta({ description: "Bug-fixing commits the file listed, over all repositories" }),
    reference_bugs: z.number().int().meta({ description: "Reference bugs of the version" }),
    tests: z
      .literal("queued")
      .meta({ description: "The fix-rank tests of the version's scored runs are recomputed by the worker" }),
  })
  .meta({
    id: "ImportedFixDates",
    example: { benchmark: "probe@2026.1", dated: 413, fix_commits: 1049, reference_bugs: 413, tests: "queued" },
  });
