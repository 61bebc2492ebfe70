import { analysesRoutes } from "@/lib/contracts/analyses-routes";
import { readSubmissionAnalyses } from "@/lib/server/analyses/read-analyses";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/analyses - the fix-rank contamination test of every run (§C.4) and, for repeated runs,
// the stable-beta fit of the frequency spectrum (§E.2); same visibility as the submission.
export const GET = handle(analysesRoutes.getSubmissionsIdAnalyses, ({ caller, params }) =>
  readSubmissionAnalyses(params.id, caller),
);
