import { shaped } from "@/lib/server/http/respond";
import { getSubmissionMatches, matchesJson } from "@/lib/server/workbench/get-submission-matches";
import { fileSafe, matchesCsv, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { submissionMatchesSchema } from "@/lib/contracts/workbench";
import { workbenchRoutes } from "@/lib/contracts/workbench-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/matches[?repo=owner/name][&run=N][&format=csv] - one run's matched, missed and unmatched
// per repository; for the submitter and staff, and everyone once approved unless the version hides reference details.
export const GET = handle(workbenchRoutes.getSubmissionsIdMatches, async ({ caller, params: { id }, query }) => {
  const matches = await getSubmissionMatches(id, caller, { repo: query.repo, run: query.run });
  return workbenchDownload(
    query.format,
    `matches-${fileSafe(id)}-run${matches.run}${query.repo ? `-${fileSafe(query.repo)}` : ""}`,
    () => shaped(submissionMatchesSchema, matchesJson(matches)),
    () => matchesCsv(matches),
  );
});
