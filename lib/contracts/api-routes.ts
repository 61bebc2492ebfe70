import { z } from "zod";
import { downloadQuerySchema, leaderboardQuerySchema, planQuerySchema } from "../leaderboard/query-schemas";
import { pageQuerySchema } from "../server/pagination";
import { auditLogQuerySchema } from "../server/admin/list-audit-log";
import { approveJudgeSpendBodySchema } from "../server/admin/approve-judge-spend";
import { reviewQueueQuerySchema } from "../server/admin/list-review-queue";
import { listUsersQuerySchema } from "../server/admin/list-users";
import { reviewSubmissionBodySchema } from "../server/admin/review-submission";
import { updateUserBodySchema } from "../server/admin/update-user";
import { startPanelBodySchema } from "../server/analysis/start-analysis";
import { putContextBodySchema } from "../server/context/context-documents";
import { panelReviewsQuerySchema } from "../server/panel/read-panel";
import { createRunBodySchema } from "../server/audit-runs/create-run";
import { registerUserBodySchema } from "../server/users/register-user";
import { compareQuerySchema } from "../server/workbench/compare-submissions";
import { listOverridesQuerySchema } from "../server/workbench/list-overrides";
import { createOverrideBodySchema } from "../server/workbench/overrides";
import { matchesQuerySchema, pairQuerySchema, referenceBugQuerySchema } from "../server/workbench/query-schemas";
import { repositoryBugsQuerySchema } from "../server/workbench/repository-bugs";
import { createApiTokenBodySchema } from "../validation/api-token";
import { benchmarkFileSchema } from "../validation/benchmark-file";
import { findingsFileSchema } from "../validation/findings-file";
import { sarifUploadQuerySchema } from "../validation/sarif";
import {
  approvedSpendSchema,
  apiTokenListSchema,
  auditLogSchema,
  auditPassSchema,
  auditRunListSchema,
  auditRunSchema,
  benchmarkVersionListSchema,
  cancelledAuditRunSchema,
  contextDocumentSchema,
  createdApiTokenSchema,
  createdAuditRunSchema,
  healthSchema,
  importedBenchmarkSchema,
  importedFixDatesSchema,
  overrideListSchema,
  overrideResultSchema,
  registeredUserSchema,
  reviewedSubmissionSchema,
  reviewQueueSchema,
  revokedApiTokenSchema,
  startedAttributionSchema,
  startedPanelSchema,
  updatedUserSchema,
  userListSchema,
  withdrawnOverrideSchema,
} from "./staff";
import {
  benchmarkListSchema,
  bugTypeDistancesSchema,
  bugTypesSchema,
  leaderboardSchema,
  referenceBugDetailSchema,
  repositoryBugsSchema,
  repositoryDetailSchema,
  repositoryPlanSchema,
  repositoryTablesSchema,
} from "./public-reads";
import {
  comparisonSchema,
  createdSubmissionSchema,
  pairViewSchema,
  panelReviewsSchema,
  submissionListSchema,
  submissionMatchesSchema,
  submissionStatusSchema,
  withdrawnSubmissionSchema,
} from "./submissions";
import { repeatedRunsQuerySchema, repeatedRunsSchema, submissionAnalysesSchema } from "./analyses";
import { fixDatesFileSchema } from "../validation/fix-dates-file";
import { datasheetPathSchema, datasheetQuerySchema, datasheetSchema } from "./datasheet";
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  webhookDeliveriesSchema,
  webhookListSchema,
  deletedWebhookSchema,
  sentTestEventSchema,
  webhookDeliveriesQuerySchema,
} from "./webhooks";

// Every route under app/api with what it takes and answers: the one table the OpenAPI document is built from
// (lib/contracts/openapi-document.ts). A test walks app/api and fails when a route or method is missing here.

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call: `public` (no credentials read), `optional` (a token with the scope, or a session, widens what is
 * visible), `required` (a token with the scope, or a session; `roles` limits both), `session` (a browser session only).
 */
export type RouteAuth =
  | { kind: "public" }
  | { kind: "optional"; scope: "read" }
  | { kind: "required"; scopes: readonly ("read" | "submit" | "admin")[]; roles?: readonly ("maintainer" | "admin")[] }
  | { kind: "session"; roles?: readonly ("maintainer" | "admin")[] }
  | { kind: "same-origin" };

/** `optional`: the body may be left out (read as `{}`). */
export type RouteBody = { contentType: string; schema: z.ZodType; description?: string; optional?: boolean };

export type ApiRoute = {
  method: Method;
  /** OpenAPI path template: /api/v1/submissions/{id} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: RouteAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: RouteBody | RouteBody[];
  /** The success answer: status, schema, and whether `?format=csv` gives text/csv instead. */
  success: { status: number; schema: z.ZodType; description: string; csv?: boolean; etag?: boolean };
  /** Error statuses besides those implied by auth (401/403), the query/body (422) and every route's 429/500. */
  errors?: readonly number[];
};

const id = z.object({ id: z.string().meta({ description: "The id, as returned when it was created" }) });
const repoPath = z.object({ owner: z.string(), name: z.string() });
const bodyJson = (schema: z.ZodType, description?: string): RouteBody => ({
  contentType: "application/json",
  schema,
  description,
});
const optionalBodyJson = (schema: z.ZodType): RouteBody => ({
  contentType: "application/json",
  schema,
  optional: true,
});
const pageQuery = z.object(pageQuerySchema);
const READ = { kind: "required", scopes: ["read"] } as const;
const ADMIN = { kind: "required", scopes: ["admin"], roles: ["admin"] } as const;
const STAFF_READ = { kind: "required", scopes: ["read"], roles: ["maintainer", "admin"] } as const;
const STAFF_WRITE = { kind: "required", scopes: ["admin"], roles: ["maintainer", "admin"] } as const;

export const API_ROUTES: readonly ApiRoute[] = [
  // Submissions
  {
    method: "post",
    path: "/api/v1/submissions",
    tag: "Submissions",
    summary: "Upload a findings file or a SARIF log",
    description:
      "The body is a findings file (`application/json`) or a SARIF 2.1.0 log (`application/sarif+json`, with the benchmark and model in the query). Stored in one transaction, then scoring is queued. At most `UPLOAD_MAX_BYTES`; malformed files get 422 with every problem by JSON path.",
    auth: { kind: "required", scopes: ["submit"] },
    query: sarifUploadQuerySchema,
    body: [
      {
        contentType: "application/json",
        schema: findingsFileSchema,
        description: "A findings file (public/schemas/findings-file.schema.json)",
      },
      {
        contentType: "application/sarif+json",
        schema: z.looseObject({ version: z.literal("2.1.0"), runs: z.array(z.looseObject({})) }),
        description: "A SARIF 2.1.0 log; see docs/file-formats.md for the mapping",
      },
    ],
    success: {
      status: 202,
      schema: createdSubmissionSchema,
      description: "Stored; scoring is queued. `Location` names the status URL",
    },
    errors: [400, 413, 503],
  },
  {
    method: "get",
    path: "/api/v1/submissions",
    tag: "Submissions",
    summary: "The caller's submissions and upload quota",
    auth: READ,
    query: pageQuery,
    success: { status: 200, schema: submissionListSchema, description: "Newest first, with private scores" },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}",
    tag: "Submissions",
    summary: "A submission's status and scores",
    description: "Unapproved submissions exist only for their submitter and staff (404 for anyone else).",
    auth: { kind: "optional", scope: "read" },
    params: id,
    success: {
      status: 200,
      schema: submissionStatusSchema,
      description: "Status, progress, scores once scored, panel and attribution",
    },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/submissions/{id}/withdraw",
    tag: "Submissions",
    summary: "Withdraw one's own pending submission",
    auth: { kind: "required", scopes: ["submit"] },
    params: id,
    success: { status: 200, schema: withdrawnSubmissionSchema, description: "Withdrawn" },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/matches",
    tag: "Workbench",
    summary: "One run's matched, missed and unmatched per repository",
    auth: { kind: "optional", scope: "read" },
    params: id,
    query: matchesQuerySchema,
    success: { status: 200, schema: submissionMatchesSchema, description: "Matches by repository", csv: true },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id}",
    tag: "Workbench",
    summary: "A finding/reference pair: both records, the six signals and the verdict",
    auth: { kind: "optional", scope: "read" },
    params: z.object({ id: z.string(), finding_id: z.string(), reference_bug_id: z.string() }),
    query: pairQuerySchema,
    success: { status: 200, schema: pairViewSchema, description: "The pair" },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/analyses",
    tag: "Analyses",
    summary: "The fix-rank contamination test of every run and the stable-beta fit of repeated runs",
    description:
      "Stored results only (§C.4, §E.2); the tests are empty until the worker has computed them. Same visibility as the submission (404 for anyone who may not see it).",
    auth: { kind: "optional", scope: "read" },
    params: id,
    success: {
      status: 200,
      schema: submissionAnalysesSchema,
      description: "Contamination tests and, for repeated runs, the fit",
    },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/runs",
    tag: "Analyses",
    summary: "Repeated runs: per-run scores with distinct findings, the n-of-k curve and the frequency spectrum",
    description:
      "`table` picks which table `format=csv` downloads. 404 for a submission with one run (or one the caller may not see); 409 until it has been scored.",
    auth: { kind: "optional", scope: "read" },
    params: id,
    query: repeatedRunsQuerySchema,
    success: { status: 200, schema: repeatedRunsSchema, description: "Runs, curve and spectrum", csv: true },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/panel",
    tag: "Analyses",
    summary: "Each sampled finding's panel verdicts",
    auth: STAFF_READ,
    params: id,
    query: panelReviewsQuerySchema,
    success: { status: 200, schema: panelReviewsSchema, description: "Sampled findings, 25 a page" },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/compare",
    tag: "Workbench",
    summary: "Reference bugs two submissions found on one repository",
    auth: { kind: "optional", scope: "read" },
    query: compareQuerySchema,
    success: { status: 200, schema: comparisonSchema, description: "Both, only one, neither", csv: true },
    errors: [404],
  },
  // Public reads
  {
    method: "get",
    path: "/api/v1/benchmarks",
    tag: "Public data",
    summary: "Benchmark versions with their repositories",
    auth: { kind: "public" },
    success: { status: 200, schema: benchmarkListSchema, description: "Newest version first" },
  },
  // The benchmark datasheet (one block, to move into its own routes file).
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/{version}/datasheet",
    tag: "Public data",
    summary: "A benchmark version's datasheet: Tables 1, 6, 8, 9, the held-out check, Figures 3 and 10",
    description:
      "Computed from the version's imported data (docs/analyses.md). `missing` names each part that cannot be computed and the benchmark-file field that provides it; `reported` holds the published values of a transcribed version. `format=csv` returns one table, chosen by `table`.",
    auth: { kind: "public" },
    params: datasheetPathSchema,
    query: datasheetQuerySchema,
    success: { status: 200, schema: datasheetSchema, description: "The datasheet", csv: true, etag: true },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/leaderboard",
    tag: "Public data",
    summary: "The leaderboard of a benchmark version, optionally pooled over a subset",
    auth: { kind: "public" },
    query: leaderboardQuerySchema,
    success: { status: 200, schema: leaderboardSchema, description: "Rows ranked by F1", csv: true, etag: true },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/repositories",
    tag: "Public data",
    summary: "Recall and precision per repository x configuration",
    auth: { kind: "public" },
    query: downloadQuerySchema,
    success: { status: 200, schema: repositoryTablesSchema, description: "Tables per language", csv: true, etag: true },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/repositories/{owner}/{name}",
    tag: "Public data",
    summary: "One repository's recall and precision per configuration",
    auth: { kind: "public" },
    params: repoPath,
    query: downloadQuerySchema,
    success: {
      status: 200,
      schema: repositoryDetailSchema,
      description: "Rows per configuration",
      csv: true,
      etag: true,
    },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/repositories/{owner}/{name}/plan",
    tag: "Public data",
    summary: "The repository snapshot's stored pass plan",
    auth: { kind: "public" },
    params: repoPath,
    query: planQuerySchema,
    success: { status: 200, schema: repositoryPlanSchema, description: "Snapshot facts and the plan" },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/repositories/{owner}/{name}/bugs",
    tag: "Workbench",
    summary: "Each reference bug with how many configurations found it",
    auth: { kind: "optional", scope: "read" },
    params: repoPath,
    query: repositoryBugsQuerySchema,
    success: { status: 200, schema: repositoryBugsSchema, description: "Reference bugs", csv: true },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/repositories/{owner}/{name}/bugs/{bug_id}",
    tag: "Workbench",
    summary: "One reference bug and every approved finding that matched it",
    auth: { kind: "optional", scope: "read" },
    params: repoPath.extend({ bug_id: z.string() }),
    query: referenceBugQuerySchema,
    success: { status: 200, schema: referenceBugDetailSchema, description: "The bug and its matches", csv: true },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/repositories/{owner}/{name}/context/{kind}",
    tag: "Staff",
    summary: "A repository's audit or panel context document",
    auth: STAFF_READ,
    params: repoPath.extend({ kind: z.enum(["audit", "panel"]) }),
    query: planQuerySchema,
    success: { status: 200, schema: contextDocumentSchema, description: "The document (text null when none)" },
    errors: [404],
  },
  {
    method: "put",
    path: "/api/v1/repositories/{owner}/{name}/context/{kind}",
    tag: "Staff",
    summary: "Replace a context document (audit-logged)",
    auth: { kind: "session", roles: ["maintainer", "admin"] },
    params: repoPath.extend({ kind: z.enum(["audit", "panel"]) }),
    query: planQuerySchema,
    body: bodyJson(putContextBodySchema),
    success: { status: 200, schema: contextDocumentSchema, description: "The stored document" },
    errors: [400, 404, 413],
  },
  {
    method: "get",
    path: "/api/v1/bug-types",
    tag: "Public data",
    summary: "Bug-type and trigger shares, maintainers vs agents",
    auth: { kind: "public" },
    query: downloadQuerySchema,
    success: {
      status: 200,
      schema: bugTypesSchema,
      description: "Stored and reported distributions",
      csv: true,
      etag: true,
    },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/bug-types/distances",
    tag: "Public data",
    summary: "Jensen-Shannon distances between the bug-type distributions of the reference set and each configuration",
    description:
      "§4.2, Figure 6: one row and column per subject (the reference set, then every public verified configuration with attributed findings).",
    auth: { kind: "public" },
    query: downloadQuerySchema,
    success: {
      status: 200,
      schema: bugTypeDistancesSchema,
      description: "Subjects and the distance matrix",
      csv: true,
      etag: true,
    },
    errors: [404],
  },
  // Overrides
  {
    method: "post",
    path: "/api/v1/overrides",
    tag: "Staff",
    summary: "Decide a finding/reference pair (rescores every submission holding it)",
    auth: STAFF_WRITE,
    body: bodyJson(createOverrideBodySchema),
    success: { status: 201, schema: overrideResultSchema, description: "The override" },
    errors: [400, 404, 409, 413],
  },
  {
    method: "get",
    path: "/api/v1/overrides",
    tag: "Staff",
    summary: "Every override, newest first",
    auth: STAFF_READ,
    query: listOverridesQuerySchema,
    success: { status: 200, schema: overrideListSchema, description: "Overrides" },
  },
  {
    method: "delete",
    path: "/api/v1/overrides/{id}",
    tag: "Staff",
    summary: "Withdraw an override",
    auth: STAFF_WRITE,
    params: id,
    success: {
      status: 200,
      schema: withdrawnOverrideSchema,
      description: "Withdrawn; affected submissions are rescored",
    },
    errors: [404],
  },
  // Tokens
  {
    method: "get",
    path: "/api/v1/tokens",
    tag: "Account",
    summary: "The caller's API tokens (never the secret)",
    auth: READ,
    success: { status: 200, schema: apiTokenListSchema, description: "Tokens" },
  },
  {
    method: "post",
    path: "/api/v1/tokens",
    tag: "Account",
    summary: "Create an API token (browser session only)",
    auth: { kind: "session" },
    body: bodyJson(createApiTokenBodySchema),
    success: { status: 201, schema: createdApiTokenSchema, description: "The token, shown this once" },
    errors: [400, 409, 413],
  },
  {
    method: "delete",
    path: "/api/v1/tokens/{id}",
    tag: "Account",
    summary: "Revoke a token (a token may revoke only itself)",
    auth: { kind: "required", scopes: [] },
    params: id,
    success: { status: 200, schema: revokedApiTokenSchema, description: "Revoked" },
    errors: [404],
  },
  // Webhooks
  {
    method: "get",
    path: "/api/v1/webhooks",
    tag: "Webhook endpoints",
    summary: "The caller's webhook endpoints",
    auth: READ,
    success: { status: 200, schema: webhookListSchema, description: "Endpoints (never the secret)" },
  },
  {
    method: "post",
    path: "/api/v1/webhooks",
    tag: "Webhook endpoints",
    summary: "Register a webhook endpoint",
    description: "Needs a session, or a token with both `read` and `submit`. The signing secret is returned this once.",
    auth: { kind: "required", scopes: ["read", "submit"] },
    body: bodyJson(createWebhookBodySchema),
    success: { status: 201, schema: createdWebhookSchema, description: "The endpoint with its secret" },
    errors: [400, 403, 409, 413],
  },
  {
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    tag: "Webhook endpoints",
    summary: "Delete a webhook endpoint",
    auth: { kind: "required", scopes: ["read", "submit"] },
    params: id,
    success: { status: 200, schema: deletedWebhookSchema, description: "Deleted" },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries",
    tag: "Webhook endpoints",
    summary: "An endpoint's delivery log, newest first",
    auth: READ,
    params: id,
    query: webhookDeliveriesQuerySchema,
    success: { status: 200, schema: webhookDeliveriesSchema, description: "Deliveries with status codes" },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/test",
    tag: "Webhook endpoints",
    summary: "Send a test event to an endpoint",
    auth: { kind: "required", scopes: ["read", "submit"] },
    params: id,
    success: { status: 202, schema: sentTestEventSchema, description: "Queued for delivery" },
    errors: [404],
  },
  // Admin
  {
    method: "get",
    path: "/api/v1/admin/submissions",
    tag: "Admin",
    summary: "The review queue",
    auth: ADMIN,
    query: reviewQueueQuerySchema,
    success: { status: 200, schema: reviewQueueSchema, description: "Submissions" },
  },
  {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/review",
    tag: "Admin",
    summary: "Approve or reject a submission",
    auth: ADMIN,
    params: id,
    body: bodyJson(reviewSubmissionBodySchema),
    success: { status: 200, schema: reviewedSubmissionSchema, description: "Reviewed" },
    errors: [400, 404, 409, 413],
  },
  {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/approve-spend",
    tag: "Admin",
    summary: "Approve judge calls above JUDGE_CALL_BUDGET",
    auth: ADMIN,
    params: id,
    body: optionalBodyJson(approveJudgeSpendBodySchema),
    success: { status: 200, schema: approvedSpendSchema, description: "Approved; scoring resumes" },
    errors: [400, 404, 409, 413],
  },
  {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/panel",
    tag: "Admin",
    summary: "Start panel validation",
    auth: ADMIN,
    params: id,
    body: optionalBodyJson(startPanelBodySchema),
    success: { status: 202, schema: startedPanelSchema, description: "Queued" },
    errors: [400, 404, 409, 413, 503],
  },
  {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/attribution",
    tag: "Admin",
    summary: "Start bug-type attribution",
    auth: ADMIN,
    params: id,
    body: optionalBodyJson(z.object({}).strict()),
    success: { status: 202, schema: startedAttributionSchema, description: "Queued" },
    errors: [400, 404, 409, 413, 503],
  },
  {
    method: "get",
    path: "/api/v1/admin/benchmarks",
    tag: "Admin",
    summary: "Every benchmark version with its counts",
    auth: ADMIN,
    success: { status: 200, schema: benchmarkVersionListSchema, description: "Versions" },
  },
  {
    method: "post",
    path: "/api/v1/admin/benchmarks",
    tag: "Admin",
    summary: "Import a benchmark version from its benchmark file",
    auth: ADMIN,
    body: bodyJson(benchmarkFileSchema, "A benchmark file (public/schemas/benchmark-file.schema.json)"),
    success: { status: 201, schema: importedBenchmarkSchema, description: "Imported" },
    errors: [400, 409, 413],
  },
  {
    method: "post",
    path: "/api/v1/admin/benchmarks/{key}/fix-dates",
    tag: "Admin",
    summary: "Add fix dates, fix commits and window counts to a version imported without them",
    description:
      "The body is a fix-dates file (docs/file-formats.md), at most `UPLOAD_MAX_BYTES`: fix dates and fix commits of reference bugs, each repository's bug-fixing commits and commit and test counts, the reference window's end. Everything is written in one transaction (audit-logged), then the fix-rank tests of the version's scored runs and its datasheet are recomputed. 409 when the version already has what the file gives; 422 names every row that matches no reference bug, repository or listed fix commit.",
    auth: ADMIN,
    params: z.object({ key: z.string().meta({ description: "The version as slug@version (URL-encoded)" }) }),
    body: bodyJson(fixDatesFileSchema, "A fix-dates file (docs/file-formats.md)"),
    success: { status: 200, schema: importedFixDatesSchema, description: "Dated; the tests are queued" },
    errors: [400, 404, 409, 413],
  },
  {
    method: "get",
    path: "/api/v1/admin/users",
    tag: "Admin",
    summary: "Users with role, quota and status",
    auth: ADMIN,
    query: listUsersQuerySchema,
    success: { status: 200, schema: userListSchema, description: "Users" },
  },
  {
    method: "patch",
    path: "/api/v1/admin/users/{id}",
    tag: "Admin",
    summary: "Change a user's role, quota or disabled flag",
    auth: ADMIN,
    params: id,
    body: bodyJson(updateUserBodySchema),
    success: { status: 200, schema: updatedUserSchema, description: "Updated" },
    errors: [400, 404, 409, 413],
  },
  {
    method: "get",
    path: "/api/v1/admin/audit-log",
    tag: "Admin",
    summary: "Admin actions, newest first",
    auth: ADMIN,
    query: auditLogQuerySchema,
    success: { status: 200, schema: auditLogSchema, description: "Entries and the cursor for older ones" },
  },
  {
    method: "post",
    path: "/api/v1/admin/runs",
    tag: "Admin",
    summary: "Launch an in-house audit run",
    auth: ADMIN,
    body: bodyJson(createRunBodySchema),
    success: { status: 202, schema: createdAuditRunSchema, description: "Queued" },
    errors: [400, 404, 413, 503],
  },
  {
    method: "get",
    path: "/api/v1/admin/runs",
    tag: "Admin",
    summary: "In-house runs, newest first",
    auth: ADMIN,
    query: pageQuery,
    success: { status: 200, schema: auditRunListSchema, description: "Runs" },
  },
  {
    method: "get",
    path: "/api/v1/admin/runs/{id}",
    tag: "Admin",
    summary: "A run's status, progress, cost and passes",
    auth: ADMIN,
    params: id,
    success: { status: 200, schema: auditRunSchema, description: "The run" },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/admin/runs/{id}/cancel",
    tag: "Admin",
    summary: "Cancel a queued or running run",
    auth: ADMIN,
    params: id,
    success: { status: 200, schema: cancelledAuditRunSchema, description: "Cancelled" },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/v1/admin/runs/{id}/passes/{passId}",
    tag: "Admin",
    summary: "One pass with its transcript and findings",
    auth: ADMIN,
    params: z.object({ id: z.string(), passId: z.string() }),
    success: { status: 200, schema: auditPassSchema, description: "The pass" },
    errors: [404],
  },
  // Service
  {
    method: "get",
    path: "/api/v1/openapi.json",
    tag: "Service",
    summary: "This OpenAPI 3.1 document",
    auth: { kind: "public" },
    success: { status: 200, schema: z.looseObject({ openapi: z.string() }), description: "The document" },
  },
  {
    method: "get",
    path: "/api/health",
    tag: "Service",
    summary: "Liveness plus a database round trip",
    auth: { kind: "public" },
    success: { status: 200, schema: healthSchema, description: "Up" },
  },
  {
    method: "post",
    path: "/api/auth/register",
    tag: "Account",
    summary: "Create an email and password account (when sign-up is open)",
    auth: { kind: "same-origin" },
    body: bodyJson(registerUserBodySchema),
    success: { status: 201, schema: registeredUserSchema, description: "Created; the page then signs in" },
    errors: [400, 403, 409, 413],
  },
];

// next-auth's own endpoints (sign-in, callbacks, CSRF, session) follow its protocol, not this API's conventions; the
// metrics scrape answers Prometheus text for a monitoring system, not JSON for API clients (docs/operating.md).
export const UNDOCUMENTED_ROUTE_FILES = ["app/api/auth/[...nextauth]/route.ts", "app/api/metrics/route.ts"] as const;
