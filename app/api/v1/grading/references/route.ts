import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { drawReferenceAudit, listReferenceAudits } from "@/lib/server/grading/mark-references";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/grading/references - draws reference bugs to audit {benchmark, size, seed?}, per repository in proportion
// (maintainers and admins; audit-logged)
export const POST = handle(
  gradingRoutes.postGradingReferences,
  ({ caller, body }) => drawReferenceAudit(caller, body),
  { body: "The audit", maxBodyBytes: 4 * 1024 },
);

// GET /api/v1/grading/references?benchmark=slug@version - the version's audits, with how many bugs the caller marked
export const GET = handle(gradingRoutes.getGradingReferences, ({ caller, query }) =>
  listReferenceAudits(caller, query),
);
