import { requireCaller } from "@/lib/server/auth/api-caller";
import { readBodyText } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { reviewSubmission } from "@/lib/server/admin/review-submission";
import { parseJsonText } from "@/lib/validation/parse-json";
import { reviewSubmissionBodySchema, reviewedSubmissionSchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/review - approve or reject {decision, reason} (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const body = parseJsonText(await readBodyText(request, 16 * 1024), "The request body");
  const reviewed = await reviewSubmission(caller.id, id, parseOrThrow(reviewSubmissionBodySchema, body, "The review"));
  // What is public just changed. Nothing to invalidate here: pages render per request from data checked against
  // the stamp (every instance sees the change within a second), and the front proxy's copies expire within 30 s.
  return respond(reviewedSubmissionSchema, reviewed);
});
