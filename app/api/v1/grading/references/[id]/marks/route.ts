import { judgeQualityRoutes } from "@/lib/contracts/judge-quality-routes";
import { saveMark } from "@/lib/server/judge-quality/reference-audit";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/reference-audits/{id}/marks - marks one reference bug {reference_bug_id, mark: valid|invalid|unsure,
// reason}; never changes a score (maintainers and admins; audit-logged; a later mark is a new row)
export const POST = handle(
  judgeQualityRoutes.postReferenceAuditsIdMarks,
  ({ caller, params, body }) => saveMark(caller, params.id, body),
  { body: "The mark", maxBodyBytes: 8 * 1024 },
);
