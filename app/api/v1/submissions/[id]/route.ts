import { submissionStatusSchema } from "@/lib/contracts/submissions";
import { identifyCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { getSubmissionStatus } from "@/lib/server/submissions/get-submission-status";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id} - status and scores; unapproved submissions only for their submitter and staff.
// A token needs `read` even for an approved submission: its holder reads as the owner, or sends no token.
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  return respond(submissionStatusSchema, await getSubmissionStatus(id, caller));
});
