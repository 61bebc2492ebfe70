import { auditRunsRoutes } from "@/lib/contracts/audit-runs-routes";
import { cancelAuditRun } from "@/lib/server/audit-runs/cancel-run";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/runs/{id}/cancel - cancel a queued or running run (admins; audit-logged)
export const POST = handle(auditRunsRoutes.postAdminRunsIdCancel, ({ caller, params }) =>
  cancelAuditRun(caller.id, params.id),
);
