import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { saveLabel } from "@/lib/server/grading/label-pairs";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/grading/pairs/{id}/labels - labels a pair {label: same|different|debatable, note?}; answers the pair with
// what was hidden (maintainers and admins; audit-logged; a later label is a new row)
export const POST = handle(
  gradingRoutes.postGradingPairsIdLabels,
  ({ caller, params, body }) => saveLabel(caller, params.id, body),
  { body: "The label", maxBodyBytes: 8 * 1024 },
);
