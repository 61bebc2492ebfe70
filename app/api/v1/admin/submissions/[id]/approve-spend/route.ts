import { requireCaller } from "@/lib/auth/api-caller";
import { approveJudgeSpend } from "@/lib/server/admin/approve-judge-spend";
import { readBodyText } from "@/lib/server/http/read-body";
import { json, withErrors } from "@/lib/server/http/respond";
import { parseJsonText } from "@/lib/validation/parse-json";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/approve-spend - approve judge calls above JUDGE_CALL_BUDGET {calls?} (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const text = await readBodyText(request, 4 * 1024);
  const body = text.trim() ? parseJsonText(text, "The request body") : {};
  return json(await approveJudgeSpend(caller.id, id, body));
});
