import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { listGradingPanels } from "@/lib/server/grading/grade-panels";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/panels?benchmark=slug@version - the version's finished panels under opaque ids, with how many
// findings the caller graded (maintainers and admins)
export const GET = handle(gradingRoutes.getGradingPanels, ({ caller, query }) => listGradingPanels(caller, query));
