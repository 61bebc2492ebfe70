import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { getReferenceAudit } from "@/lib/server/grading/mark-references";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/references/{id} - an audit's reference bugs with the caller's marks; other auditors' marks on a bug
// only after the caller's own (maintainers and admins)
export const GET = handle(gradingRoutes.getGradingReferencesId, ({ caller, params }) =>
  getReferenceAudit(caller, params.id),
);
