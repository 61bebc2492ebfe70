import { getPair } from "@/lib/server/workbench/get-pair";
import { pathSegment } from "@/lib/workbench/path-segment";
import { workbenchRoutes } from "@/lib/contracts/workbench-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/pairs/{finding_id}/{reference_bug_id}[?run=N] - both records, the six signals against
// their thresholds, and the judge's verdict or the maintainer's override
export const GET = handle(
  workbenchRoutes.getSubmissionsIdPairsFindingIdReferenceBugId,
  ({ caller, params: { id, finding_id, reference_bug_id }, query }) =>
    getPair(id, pathSegment(finding_id), pathSegment(reference_bug_id), caller, query.run),
);
