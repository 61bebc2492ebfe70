import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { saveLabel } from "@/lib/server/judge-quality/label-pairs";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/labelling/pairs/{id}/labels - labels a pair {label: same|different|debatable, note?}; answers the pair with
// what was hidden (maintainers and admins; audit-logged; a later label is a new row)
export const POST = handle(
  judgeQualityRoutes.postLabellingPairsIdLabels,
  ({ caller, params, body }) => saveLabel(caller, params.id, body),
  { body: "The label", maxBodyBytes: 8 * 1024 },
);
