import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { getPanelGrading } from "@/lib/server/grading/grade-panels";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/panels/{id} - a panel's sampled findings under opaque ids; the panel's verdicts, the model,
// harness and submitter only once the caller graded every one (maintainers and admins)
export const GET = handle(gradingRoutes.getGradingPanelsId, ({ caller, params }) => getPanelGrading(caller, params.id));
