import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { getJudgeTrial } from "@/lib/server/grading/list-trials";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/trials/{id} - one trial: progress, then both judges side by side (admins)
export const GET = handle(gradingRoutes.getGradingTrialsId, ({ params }) => getJudgeTrial(params.id));
