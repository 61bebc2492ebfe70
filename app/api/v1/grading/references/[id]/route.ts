import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { getReferenceAudit } from "@/lib/server/judge-quality/reference-audit";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/reference-audits/{id} - an audit's reference bugs with the caller's marks; other auditors' marks on a bug
// only after the caller's own (maintainers and admins)
export const GET = handle(judgeQualityRoutes.getReferenceAuditsId, ({ caller, params }) =>
  getReferenceAudit(caller, params.id),
);
