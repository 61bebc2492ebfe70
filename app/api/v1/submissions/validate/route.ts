import "server-only";
import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import { handle } from "@/lib/server/route-handler/handle";
import { validateUpload } from "@/lib/server/submissions/submit-findings";
import { uploadBodyOf } from "@/lib/server/submissions/upload-request";

export const dynamic = "force-dynamic";

// POST /api/v1/submissions/validate - a dry run of POST /api/v1/submissions: the same body, query, access and checks,
// refused with the same words; 200 with what would be stored, and nothing stored, no quota used
export const POST = handle(submissionsRoutes.postSubmissionsValidate, ({ caller, request }) =>
  validateUpload(caller.id, uploadBodyOf(request)),
);
