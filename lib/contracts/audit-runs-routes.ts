import { type ApiRoute, bodyJson, ADMIN, routeList } from "./route-kit";
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
const { get, post } = routeList({ tag: "Admin", auth: ADMIN, base: "/api/v1/admin" });

export const auditRunsRoutes = {
  postAdminRuns: post("/runs", "Launch an in-house audit run", {
    body: bodyJson(createRunBodySchema),
    accepted: [createdAuditRunSchema, "Queued"],
    errors: [400, 404, 503],
  }),
  getAdminRuns: get("/runs", "In-house runs, newest first", {
    query: listRunsQuerySchema,
    ok: [auditRunListSchema, "Runs"],
  }),
  getAdminRunsId: get("/runs/{id}", "A run's status, progress, cost and passes", { ok: [auditRunSchema, "The run"] }),
  postAdminRunsIdCancel: post("/runs/{id}/cancel", "Cancel a queued or running run", {
    ok: [cancelledAuditRunSchema, "Cancelled"],
    errors: [409],
  }),
  getAdminRunsIdPassesPassId: get("/runs/{id}/passes/{passId}", "One pass with its transcript and findings", {
    params: passPath,
    ok: [auditPassSchema, "The pass"],
  }),
} satisfies Record<string, ApiRoute>;
