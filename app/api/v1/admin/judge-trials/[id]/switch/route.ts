import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { activeJudgeSchema } from "@/lib/contracts/judge-quality";
import { switchJudge } from "@/lib/server/judge-trials/switch-judge";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/judge-trials/{id}/switch - new scorings use the trial's candidate judge (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  return respond(activeJudgeSchema, await switchJudge(caller, id));
});
