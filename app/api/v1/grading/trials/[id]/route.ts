import { judgeTrialsRoutes } from "@/lib/contracts/judge-trials-routes";
import { getJudgeTrial } from "@/lib/server/judge-trials/list-judge-trials";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/judge-trials/{id} - one trial: progress, then both judges side by side (admins)
export const GET = handle(judgeTrialsRoutes.getAdminJudgeTrialsId, ({ params }) => getJudgeTrial(params.id));
