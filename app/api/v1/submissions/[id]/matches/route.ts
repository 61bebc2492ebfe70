import { identifyCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { getSubmissionMatches, matchesJson } from "@/lib/server/workbench/get-submission-matches";
import { fileSafe, matchesCsv, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { submissionMatchesSchema, matchesQuerySchema } from "@/lib/contracts/workbench";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/matches[?repo=owner/name][&run=N][&format=csv] - one run's matched, missed and unmatched
// per repository; for the submitter and staff, and everyone once approved unless the version hides reference details.
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  const query = parseOrThrow(matchesQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  const matches = await getSubmissionMatches(id, caller, { repo: query.repo, run: query.run });
  return workbenchDownload(
    query.format,
    `matches-${fileSafe(id)}-run${matches.run}${query.repo ? `-${fileSafe(query.repo)}` : ""}`,
    () => shaped(submissionMatchesSchema, matchesJson(matches)),
    () => matchesCsv(matches),
  );
});
