import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { panelGradingViewSchema } from "@/lib/contracts/judge-quality";
import { getPanelGrading } from "@/lib/server/judge-quality/panel-grading";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/panels/{id} - a panel's sampled findings under opaque ids; the panel's verdicts, the model,
// harness and submitter only once the caller graded every one (maintainers and admins)
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "read", roles: ["maintainer", "admin"], tokens: "read" });
  return respond(panelGradingViewSchema, await getPanelGrading(caller, id));
});
