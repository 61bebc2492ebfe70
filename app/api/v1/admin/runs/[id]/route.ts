import { auditRunsRoutes } from "@/lib/contracts/audit-runs-routes";
import { getAuditRun } from "@/lib/server/audit-runs/get-run";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/runs/{id} - a run's status, progress, tokens, cost and passes (admins)
export const GET = handle(auditRunsRoutes.getAdminRunsId, ({ params }) => getAuditRun(params.id));
