import { type ApiRoute, idPath, bodyJson, ADMIN } from "./route-kit";
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
export const auditRunsRoutes = {
  postAdminRuns: {
    method: "post",
    path: "/api/v1/admin/runs",
    tag: "Admin",
    summary: "Launch an in-house audit run",
    auth: ADMIN,
    body: bodyJson(createRunBodySchema),
    success: { status: 202, schema: createdAuditRunSchema, description: "Queued" },
    errors: [400, 404, 413, 503],
  },
  getAdminRuns: {
    method: "get",
    path: "/api/v1/admin/runs",
    tag: "Admin",
    summary: "In-house runs, newest first",
    auth: ADMIN,
    query: listRunsQuerySchema,
    success: { status: 200, schema: auditRunListSchema, description: "Runs" },
  },
  getAdminRunsId: {
    method: "get",
    path: "/api/v1/admin/runs/{id}",
    tag: "Admin",
    summary: "A run's status, progress, cost and passes",
    auth: ADMIN,
    params: idPath,
    success: { status: 200, schema: auditRunSchema, description: "The run" },
    errors: [404],
  },
  postAdminRunsIdCancel: {
    method: "post",
    path: "/api/v1/admin/runs/{id}/cancel",
    tag: "Admin",
    summary: "Cancel a queued or running run",
    auth: ADMIN,
    params: idPath,
    success: { status: 200, schema: cancelledAuditRunSchema, description: "Cancelled" },
    errors: [404, 409],
  },
  getAdminRunsIdPassesPassId: {
    method: "get",
    path: "/api/v1/admin/runs/{id}/passes/{passId}",
    tag: "Admin",
    summary: "One pass with its transcript and findings",
    auth: ADMIN,
    params: passPath,
    success: { status: 200, schema: auditPassSchema, description: "The pass" },
    errors: [404],
  },
} satisfies Record<string, ApiRoute>;
