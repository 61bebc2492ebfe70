import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { getRepeatJudging } from "@/lib/server/grading/repeat-judging-view";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/repeats/{id} - one repeat: progress, then agreement and disagreements (maintainers, admins)
export const GET = handle(gradingRoutes.getGradingRepeatsId, ({ params }) => getRepeatJudging(params.id));
