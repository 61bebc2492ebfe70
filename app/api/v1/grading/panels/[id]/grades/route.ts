import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { saveGrade } from "@/lib/server/grading/grade-panels";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/grading/panels/{id}/grades - grades one sampled finding {finding: F-…, grade, note?} (maintainers and
// admins; audit-logged; a later grade is a new row)
export const POST = handle(
  gradingRoutes.postGradingPanelsIdGrades,
  ({ caller, params, body }) => saveGrade(caller, params.id, body),
  { body: "The grade", maxBodyBytes: 8 * 1024 },
);
