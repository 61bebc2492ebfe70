import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { drawReferenceAudit, listReferenceAudits } from "@/lib/server/judge-quality/reference-audit";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/reference-audits - draws reference bugs to audit {benchmark, size, seed?}, per repository in proportion
// (maintainers and admins; audit-logged)
export const POST = handle(
  judgeQualityRoutes.postReferenceAudits,
  ({ caller, body }) => drawReferenceAudit(caller, body),
  { body: "The audit", maxBodyBytes: 4 * 1024 },
);

// GET /api/v1/reference-audits?benchmark=slug@version - the version's audits, with how many bugs the caller marked
export const GET = handle(judgeQualityRoutes.getReferenceAudits, ({ caller, query }) =>
  listReferenceAudits(caller, query),
);
