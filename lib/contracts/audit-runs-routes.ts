import { type ApiRoute, bodyJson, ADMIN, accepted, ok, routeList } from "./route-kit";
import {
  auditPassSchema,
  auditRunListSchema,
  auditRunSchema,
  cancelledAuditRunSchema,
  createRunBodySchema,
  createdAuditRunSchema,
  listRunsQuerySchema,
  passPath,
} from "./audit-runs";

// In-house audit runs (admins).
const { get, post } = routeList({ tag: "Admin", auth: ADMIN });

export const auditRunsRoutes = {
  postAdminRuns: post("/api/v1/admin/runs", "Launch an in-house audit run", accepted(createdAuditRunSchema, "Queued"), {
    body: bodyJson(createRunBodySchema),
    errors: [400, 404, 503],
  }),
  getAdminRuns: get("/api/v1/admin/runs", "In-house runs, newest first", ok(auditRunListSchema, "Runs"), {
    query: listRunsQuerySchema,
  }),
  getAdminRunsId: get(
    "/api/v1/admin/runs/{id}",
    "A run's status, progress, cost and passes",
    ok(auditRunSchema, "The run"),
  ),
  postAdminRunsIdCancel: post(
    "/api/v1/admin/runs/{id}/cancel",
    "Cancel a queued or running run",
    ok(cancelledAuditRunSchema, "Cancelled"),
    { errors: [409] },
  ),
  getAdminRunsIdPassesPassId: get(
    "/api/v1/admin/runs/{id}/passes/{passId}",
    "One pass with its transcript and findings",
    ok(auditPassSchema, "The pass"),
    { params: passPath },
  ),
} satisfies Record<string, ApiRoute>;
