import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import { submissionFindingsSchema } from "@/lib/contracts/submissions";
import { respond } from "@/lib/server/http/respond";
import { exportSubmissionFindings } from "@/lib/server/submissions/export-findings";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/findings - the findings with metadata and licence; unapproved ones only for their
// submitter and staff.
export const GET = handle(submissionsRoutes.getSubmissionsIdFindings, async ({ caller, params }) =>
  respond(submissionFindingsSchema, await exportSubmissionFindings(params.id, caller), 200, {
    "Content-Disposition": `inline; filename="findings-${params.id.replace(/[^A-Za-z0-9_-]/g, "")}.json"`,
  }),
);
