import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { getRepeatJudging } from "@/lib/server/judge-repeats/repeat-judging-view";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/judge-quality/repeats/{id} - one repeat: progress, then agreement and disagreements (maintainers, admins)
export const GET = handle(judgeQualityRoutes.getJudgeQualityRepeatsId, ({ params }) => getRepeatJudging(params.id));
