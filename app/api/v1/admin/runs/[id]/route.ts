import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { getAuditRun } from "@/lib/server/audit-runs/get-run";
import { auditRunSchema } from "@/lib/contracts/audit-runs";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/runs/{id} - a run's status, progress, tokens, cost and passes (admins)
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(auditRunSchema, await getAuditRun(id));
});
