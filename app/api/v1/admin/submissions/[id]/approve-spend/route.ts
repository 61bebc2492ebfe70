import { requireCaller } from "@/lib/server/auth/api-caller";
import { approveJudgeSpend } from "@/lib/server/admin/approve-judge-spend";
import { readOptionalJsonBody } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { approveJudgeSpendBodySchema, approvedSpendSchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/approve-spend - approve judge calls above JUDGE_CALL_BUDGET {calls?} (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const approval = parseOrThrow(
    approveJudgeSpendBodySchema,
    (await readOptionalJsonBody(request, 4 * 1024)) ?? {},
    "The approval",
  );
  return respond(approvedSpendSchema, await approveJudgeSpend(caller.id, id, approval));
});
