import { withdrawnSubmissionSchema } from "@/lib/contracts/submissions";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { withdrawSubmission } from "@/lib/server/submissions/withdraw-submission";

export const dynamic = "force-dynamic";

// POST /api/v1/submissions/{id}/withdraw - the submitter withdraws a submission awaiting review (tokens need `submit`)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", tokens: "submit" });
  return respond(withdrawnSubmissionSchema, await withdrawSubmission(caller, id));
});
