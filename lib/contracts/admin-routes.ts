import { z } from "zod";
import { type ApiRoute, bodyJson, optionalBodyJson, ADMIN, ok, created, accepted, routeList } from "./route-kit";
import {
  approveJudgeSpendBodySchema,
  approvedSpendSchema,
  auditLogQuerySchema,
  auditLogSchema,
  benchmarkVersionListSchema,
  importedBenchmarkSchema,
  importedFixDatesSchema,
  listUsersQuerySchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  reviewSubmissionBodySchema,
  reviewedSubmissionSchema,
  startedReferenceAttributionSchema,
  updateUserBodySchema,
  updatedUserSchema,
  userListSchema,
} from "./admin";
import { benchmarkFileSchema } from "../validation/benchmark-file";
import { fixDatesFileSchema } from "../validation/fix-dates-file";

const versionKeyPath = z.object({ key: z.string().meta({ description: "The version as slug@version (URL-encoded)" }) });

// The admin API: review queue, judge spend, users, audit log, benchmark versions.
const { get, patch, post } = routeList({ tag: "Admin", auth: ADMIN });

export const adminRoutes = {
  getAdminSubmissions: get("/api/v1/admin/submissions", "The review queue", ok(reviewQueueSchema, "Submissions"), {
    query: reviewQueueQuerySchema,
  }),
  postAdminSubmissionsIdReview: post(
    "/api/v1/admin/submissions/{id}/review",
    "Approve or reject a submission",
    ok(reviewedSubmissionSchema, "Reviewed"),
    { body: bodyJson(reviewSubmissionBodySchema), errors: [400, 409] },
  ),
  postAdminSubmissionsIdApproveSpend: post(
    "/api/v1/admin/submissions/{id}/approve-spend",
    "Approve judge calls above JUDGE_CALL_BUDGET",
    ok(approvedSpendSchema, "Approved; scoring resumes"),
    { body: optionalBodyJson(approveJudgeSpendBodySchema), errors: [400, 409] },
  ),
  getAdminBenchmarks: get(
    "/api/v1/admin/benchmarks",
    "Every benchmark version with its counts",
    ok(benchmarkVersionListSchema, "Versions"),
  ),
  postAdminBenchmarks: post(
    "/api/v1/admin/benchmarks",
    "Import a benchmark version from its benchmark file",
    created(importedBenchmarkSchema, "Imported"),
    {
      raw: true,
      body: bodyJson(benchmarkFileSchema, "A benchmark file (public/schemas/benchmark-file.schema.json)"),
      errors: [400, 409],
    },
  ),
  postAdminBenchmarksKeyFixDates: post(
    "/api/v1/admin/benchmarks/{key}/fix-dates",
    "Add fix dates, fix commits and window counts to a version imported without them",
    ok(importedFixDatesSchema, "Dated; the tests are queued"),
    {
      description:
        "The body is a fix-dates file (docs/file-formats.md), at most `UPLOAD_MAX_BYTES`: fix dates and fix commits of reference bugs, each repository's bug-fixing commits and commit and test counts, the reference window's end. Everything is written in one transaction (audit-logged), then the fix-rank tests of the version's scored runs and its datasheet are recomputed. 409 when the version already has what the file gives; 422 names every row that matches no reference bug, repository or listed fix commit.",
      raw: true,
      params: versionKeyPath,
      body: bodyJson(fixDatesFileSchema, "A fix-dates file (docs/file-formats.md)"),
      errors: [400, 409],
    },
  ),
  postAdminBenchmarksKeyReferenceAttribution: post(
    "/api/v1/admin/benchmarks/{key}/reference-attribution",
    "Label a version's reference bugs with the configured bug-type classifier",
    accepted(startedReferenceAttributionSchema, "Queued"),
    {
      description:
        "The paper's F.7.3: the same model and prompt classify the reference bugs and every configuration's findings, so the bug-types comparisons (Tables 20-21, Figure 6) label both sides alike. Queues the classification of every reference bug of the version with the configured classifier (model, prompt and taxonomy); labels already stored for that configuration are reused, so a rerun asks only for what is missing. The benchmark file's own categories stay as the maintainers' labels. It also runs by itself with the first attribution of a submission whose configuration's reference labels are missing. Progress and errors: `reference_labels` of `GET /api/v1/admin/benchmarks`. 409 while it runs or when the version has no taxonomy or no reference bugs; 503 without an LLM.",
      params: versionKeyPath,
      body: optionalBodyJson(z.object({}).strict()),
      errors: [400, 409, 503],
    },
  ),
  getAdminUsers: get("/api/v1/admin/users", "Users with role, quota and status", ok(userListSchema, "Users"), {
    query: listUsersQuerySchema,
  }),
  patchAdminUsersId: patch(
    "/api/v1/admin/users/{id}",
    "Change a user's role, quota or disabled flag",
    ok(updatedUserSchema, "Updated"),
    { body: bodyJson(updateUserBodySchema), errors: [400, 409] },
  ),
  getAdminAuditLog: get(
    "/api/v1/admin/audit-log",
    "Admin actions, newest first",
    ok(auditLogSchema, "Entries and the cursor for older ones"),
    { query: auditLogQuerySchema },
  ),
} satisfies Record<string, ApiRoute>;
