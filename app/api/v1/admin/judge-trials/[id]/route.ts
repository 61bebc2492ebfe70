import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { judgeTrialSchema } from "@/lib/contracts/judge-trials";
import { getJudgeTrial } from "@/lib/server/judge-trials/list-judge-trials";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/judge-trials/{id} - one trial: progress, then both judges side by side (admins)
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(judgeTrialSchema, await getJudgeTrial(id));
});
