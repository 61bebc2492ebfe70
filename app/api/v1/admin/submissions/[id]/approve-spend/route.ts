import { adminRoutes } from "@/lib/contracts/admin-routes";
import { approveJudgeSpend } from "@/lib/server/admin/approve-judge-spend";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/approve-spend - approve judge calls above JUDGE_CALL_BUDGET {calls?} (admins; audit-logged)
export const POST = handle(
  adminRoutes.postAdminSubmissionsIdApproveSpend,
  ({ caller, params, body }) => approveJudgeSpend(caller.id, params.id, body),
  { body: "The approval", maxBodyBytes: 4 * 1024 },
);
