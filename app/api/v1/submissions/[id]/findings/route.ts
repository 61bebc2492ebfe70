import { submissionFindingsSchema } from "@/lib/contracts/submissions";
import { identifyCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { exportSubmissionFindings } from "@/lib/server/submissions/export-findings";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/findings - the findings with metadata and licence; unapproved ones only for their
// submitter and staff.
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  const body = await exportSubmissionFindings(id, caller);
  return respond(submissionFindingsSchema, body, 200, {
    "Content-Disposition": `inline; filename="findings-${id.replace(/[^A-Za-z0-9_-]/g, "")}.json"`,
  });
});
