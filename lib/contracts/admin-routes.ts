import { z } from "zod";
import { type ApiRoute, bodyJson, optionalBodyJson, ADMIN, routeList } from "./route-kit";
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
const { get, patch, post } = routeList({ tag: "Admin", auth: ADMIN, base: "/api/v1/admin" });

export const adminRoutes = {
  getAdminSubmissions: get("/submissions", "The review queue", {
    query: reviewQueueQuerySchema,
    ok: [reviewQueueSchema, "Submissions"],
  }),
  postAdminSubmissionsIdReview: post("/submissions/{id}/review", "Approve or reject a submission", {
    body: bodyJson(reviewSubmissionBodySchema),
    ok: [reviewedSubmissionSchema, "Reviewed"],
    errors: [400, 409],
  }),
  postAdminSubmissionsIdApproveSpend: post(
    "/submissions/{id}/approve-spend",
    "Approve judge calls above JUDGE_CALL_BUDGET",
    {
      body: optionalBodyJson(approveJudgeSpendBodySchema),
      ok: [approvedSpendSchema, "Approved; scoring resumes"],
      errors: [400, 409],
    },
  ),
  getAdminBenchmarks: get("/benchmarks", "Every benchmark version with its counts", {
    ok: [benchmarkVersionListSchema, "Versions"],
  }),
  postAdminBenchmarks: post("/benchmarks", "Import a benchmark version from its benchmark file", {
    raw: true,
    body: bodyJson(benchmarkFileSchema, "A benchmark file (public/schemas/benchmark-file.schema.json)"),
    created: [importedBenchmarkSchema, "Imported"],
    errors: [400, 409],
  }),
  postAdminBenchmarksKeyFixDates: post(
    "/benchmarks/{key}/fix-dates",
    "Add fix dates, fix commits and window counts to a version imported without them",
    {
      description:
        "The body is a fix-dates file (docs/file-formats.md), at most `UPLOAD_MAX_BYTES`: fix dates and fix commits of reference bugs, each repository's bug-fixing commits and commit and test counts, the reference window's end. Everything is written in one transaction (audit-logged), then the fix-rank tests of the version's scored runs and its datasheet are recomputed. 409 when the version already has what the file gives; 422 names every row that matches no reference bug, repository or listed fix commit.",
      raw: true,
      params: versionKeyPath,
      body: bodyJson(fixDatesFileSchema, "A fix-dates file (docs/file-formats.md)"),
      ok: [importedFixDatesSchema, "Dated; the tests are queued"],
      errors: [400, 409],
    },
  ),
  postAdminBenchmarksKeyReferenceAttribution: post(
    "/benchmarks/{key}/reference-attribution",
    "Label a version's reference bugs with the configured bug-type classifier",
    {
      description:
        "The paper's F.7.3: the same model and prompt classify the reference bugs and every configuration's findings, so the bug-types comparisons (Tables 20-21, Figure 6) label both sides alike. Queues the classification of every reference bug of the version with the configured classifier (model, prompt and taxonomy); labels already stored for that configuration are reused, so a rerun asks only for what is missing. The benchmark file's own categories stay as the maintainers' labels. It also runs by itself with the first attribution of a submission whose configuration's reference labels are missing. Progress and errors: `reference_labels` of `GET /api/v1/admin/benchmarks`. 409 while it runs or when the version has no taxonomy or no reference bugs; 503 without an LLM.",
      params: versionKeyPath,
      body: optionalBodyJson(z.object({}).strict()),
      accepted: [startedReferenceAttributionSchema, "Queued"],
      errors: [400, 409, 503],
    },
  ),
  getAdminUsers: get("/users", "Users with role, quota and status", {
    query: listUsersQuerySchema,
    ok: [userListSchema, "Users"],
  }),
  patchAdminUsersId: patch("/users/{id}", "Change a user's role, quota or disabled flag", {
    body: bodyJson(updateUserBodySchema),
    ok: [updatedUserSchema, "Updated"],
    errors: [400, 409],
  }),
  getAdminAuditLog: get("/audit-log", "Admin actions, newest first", {
    query: auditLogQuerySchema,
    ok: [auditLogSchema, "Entries and the cursor for older ones"],
  }),
} satisfies Record<string, ApiRoute>;
