import { judgeTrialsRoutes } from "@/lib/contracts/judge-trials-routes";
import { switchJudge } from "@/lib/server/judge-trials/switch-judge";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/judge-trials/{id}/switch - new scorings use the trial's candidate judge (admins; audit-logged)
export const POST = handle(judgeTrialsRoutes.postAdminJudgeTrialsIdSwitch, ({ caller, params }) =>
  switchJudge(caller, params.id),
);
