import { panelRoutes } from "@/lib/contracts/panel-routes";
import { listPanelReviews } from "@/lib/server/panel/read-panel";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/panel?page=&per_page=&verdict= - each sampled finding's verdicts and rationales (maintainers, admins)
export const GET = handle(panelRoutes.getSubmissionsIdPanel, ({ caller, params, query }) =>
  listPanelReviews(params.id, { id: caller.id, role: caller.role }, query),
);
