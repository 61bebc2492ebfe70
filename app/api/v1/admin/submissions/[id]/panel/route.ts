import { panelRoutes } from "@/lib/contracts/panel-routes";
import { startPanel } from "@/lib/server/panel/start-panel";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/panel - start panel validation {sample_size?, seed?, runs?} -> 202 (admins; audit-logged)
export const POST = handle(
  panelRoutes.postAdminSubmissionsIdPanel,
  ({ caller, params, body }) => startPanel(caller.id, params.id, body),
  { body: "The panel request", maxBodyBytes: 4 * 1024 },
);
