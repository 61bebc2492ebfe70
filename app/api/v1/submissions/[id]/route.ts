import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import { getSubmissionStatus } from "@/lib/server/submissions/get-submission-status";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id} - status and scores; unapproved submissions only for their submitter and staff.
// A token needs `read` even for an approved submission: its holder reads as the owner, or sends no token.
export const GET = handle(submissionsRoutes.getSubmissionsId, ({ caller, params }) =>
  getSubmissionStatus(params.id, caller),
);
