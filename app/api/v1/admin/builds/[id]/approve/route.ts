import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { approveBuild } from "@/lib/server/benchmark-builds/decide-build";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/approve - approves spend past the budget, or resumes a failed build (admins; audit-logged)
export const POST = handle(
  benchmarkBuildsRoutes.postAdminBuildsIdApprove,
  ({ caller, params }) => approveBuild(caller, params.id),
  { body: "The approval", maxBodyBytes: 1024 },
);
