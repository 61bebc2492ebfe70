import { auditRunsRoutes } from "@/lib/contracts/audit-runs-routes";
import { createAuditRun } from "@/lib/server/audit-runs/create-run";
import { listAuditRuns } from "@/lib/server/audit-runs/get-run";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/runs - launch an in-house audit run {benchmark, model, harness, repos?, budget?, ...} (admins; audit-logged)
export const POST = handle(auditRunsRoutes.postAdminRuns, ({ caller, body }) => createAuditRun(caller.id, body), {
  body: "The run",
  maxBodyBytes: 64 * 1024,
});

// GET /api/v1/admin/runs?page=&per_page= - in-house runs, newest first (admins)
export const GET = handle(auditRunsRoutes.getAdminRuns, ({ query }) => listAuditRuns(query));
