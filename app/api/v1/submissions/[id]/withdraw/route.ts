import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import { withdrawSubmission } from "@/lib/server/submissions/withdraw-submission";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/submissions/{id}/withdraw - the submitter withdraws a submission awaiting review (tokens need `submit`)
export const POST = handle(submissionsRoutes.postSubmissionsIdWithdraw, ({ caller, params }) =>
  withdrawSubmission(caller, params.id),
);
