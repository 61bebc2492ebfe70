import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import { streamSubmissionFindings } from "@/lib/server/submissions/export-findings";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/findings - the findings with metadata and licence, streamed from the database a page
// at a time; unapproved ones only for their submitter and staff.
export const GET = handle(submissionsRoutes.getSubmissionsIdFindings, async ({ caller, params }) => {
  const body = await streamSubmissionFindings(params.id, caller);
  return new Response(body, {
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      "content-disposition": `inline; filename="findings-${params.id.replace(/[^A-Za-z0-9_-]/g, "")}.json"`,
    },
  });
});
