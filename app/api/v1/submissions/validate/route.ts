import "server-only";
import { uploadValidationSchema } from "@/lib/contracts/submissions";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { respond, withErrors } from "@/lib/server/http/respond";
import { validateUpload } from "@/lib/server/submissions/submit-findings";
import { uploadBodyOf } from "@/lib/server/submissions/upload-request";

export const dynamic = "force-dynamic";

// POST /api/v1/submissions/validate - a dry run of POST /api/v1/submissions: the same body, query, access and checks,
// refused with the same words; 200 with what would be stored, and nothing stored, no quota used
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", tokens: "submit" });
  return respond(uploadValidationSchema, await validateUpload(caller.id, uploadBodyOf(request)), 200);
});
