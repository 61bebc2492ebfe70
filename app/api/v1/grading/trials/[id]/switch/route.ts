import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { switchJudge } from "@/lib/server/grading/switch-judge";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/grading/trials/{id}/switch - new scorings use the trial's candidate judge (admins; audit-logged)
export const POST = handle(gradingRoutes.postGradingTrialsIdSwitch, ({ caller, params }) =>
  switchJudge(caller, params.id),
);
