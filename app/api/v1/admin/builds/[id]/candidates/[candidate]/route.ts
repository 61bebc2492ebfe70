import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { decideCandidate } from "@/lib/server/benchmark-builds/decide-build";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/candidates/{candidate} - accepts, rejects or edits a candidate (admins; audit-logged)
export const POST = handle(
  benchmarkBuildsRoutes.postAdminBuildsIdCandidatesCandidate,
  ({ caller, params, body }) => decideCandidate(caller, params.id, params.candidate, body),
  { body: "The decision" },
);
