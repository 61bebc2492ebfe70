import { auditRunsRoutes } from "@/lib/contracts/audit-runs-routes";
import { getAuditPass } from "@/lib/server/audit-runs/get-run";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/runs/{id}/passes/{passId} - one pass with its transcript and findings (admins)
export const GET = handle(auditRunsRoutes.getAdminRunsIdPassesPassId, ({ params }) =>
  getAuditPass(params.id, params.passId),
);
