import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { saveMark } from "@/lib/server/grading/mark-references";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/grading/references/{id}/marks - marks one reference bug {reference_bug_id, mark: valid|invalid|unsure,
// reason}; never changes a score (maintainers and admins; audit-logged; a later mark is a new row)
export const POST = handle(
  gradingRoutes.postGradingReferencesIdMarks,
  ({ caller, params, body }) => saveMark(caller, params.id, body),
  { body: "The mark", maxBodyBytes: 8 * 1024 },
);
