import { submissionAnalysesSchema } from "@/lib/contracts/analyses";
import { identifyCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { readSubmissionAnalyses } from "@/lib/server/analyses/read-analyses";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/analyses - the fix-rank contamination test of every run (§C.4) and, for repeated runs,
// the stable-beta fit of the frequency spectrum (§E.2); same visibility as the submission.
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  return respond(submissionAnalysesSchema, await readSubmissionAnalyses(id, caller));
});
