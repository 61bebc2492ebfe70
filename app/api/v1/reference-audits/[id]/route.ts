import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { referenceAuditViewSchema } from "@/lib/contracts/judge-quality";
import { getReferenceAudit } from "@/lib/server/judge-quality/reference-audit";

export const dynamic = "force-dynamic";

// GET /api/v1/reference-audits/{id} - an audit's reference bugs with the caller's marks; other auditors' marks on a bug
// only after the caller's own (maintainers and admins)
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  return respond(referenceAuditViewSchema, await getReferenceAudit(caller, id));
});
