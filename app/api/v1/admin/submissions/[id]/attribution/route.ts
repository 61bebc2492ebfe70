import { panelRoutes } from "@/lib/contracts/panel-routes";
import { startAttribution } from "@/lib/server/attribution/start-attribution";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/attribution - start bug-type attribution on demand -> 202 (admins; audit-logged)
export const POST = handle(
  panelRoutes.postAdminSubmissionsIdAttribution,
  ({ caller, params }) => startAttribution(caller.id, params.id),
  { body: "The attribution request", maxBodyBytes: 1024 },
);
