import "server-only";
import { uploadBodyOf } from "@/lib/server/submissions/upload-request";
import { listUserSubmissions } from "@/lib/server/submissions/list-user-submissions";
import { getSubmissionQuota } from "@/lib/server/submissions/submission-quota";
import { submitFindings } from "@/lib/server/submissions/submit-findings";
import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions?page=&per_page= - the caller's own submissions, newest first (private scores included), and their upload quota; tokens need `read`
export const GET = handle(submissionsRoutes.getSubmissions, async ({ caller, query }) => {
  const [list, quota] = await Promise.all([listUserSubmissions(caller.id, query), getSubmissionQuota(caller.id)]);
  return { ...list, quota };
});

// POST /api/v1/submissions - upload a findings file, or a SARIF log (Content-Type application/sarif+json, or a SARIF
// log sent as application/json; benchmark and labels in the query) (Bearer token with `submit`, or the session cookie from a same-origin page);
// 202 {id, status} and scoring is queued; 429 with Retry-After when the daily quota or the rate limit is used up
export const POST = handle(
  submissionsRoutes.postSubmissions,
  ({ caller, request }) => submitFindings(caller.id, uploadBodyOf(request)),
  { headers: (created) => ({ location: `/api/v1/submissions/${created.id}` }) },
);
