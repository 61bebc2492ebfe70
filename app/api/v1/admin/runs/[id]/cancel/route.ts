import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { cancelAuditRun } from "@/lib/server/audit-runs/cancel-run";
import { cancelledAuditRunSchema } from "@/lib/contracts/audit-runs";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/runs/{id}/cancel - cancel a queued or running run (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  return respond(cancelledAuditRunSchema, await cancelAuditRun(caller.id, id));
});
