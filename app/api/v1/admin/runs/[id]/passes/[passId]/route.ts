import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { getAuditPass } from "@/lib/server/audit-runs/get-run";
import { auditPassSchema } from "@/lib/contracts/audit-runs";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/runs/{id}/passes/{passId} - one pass with its transcript and findings (admins)
export const GET = withErrors(
  async (request: Request, context: { params: Promise<{ id: string; passId: string }> }) => {
    const { id, passId } = await context.params;
    await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
    return respond(auditPassSchema, await getAuditPass(id, passId));
  },
);
