import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { refreshBuild } from "@/lib/server/benchmark-builds/create-build";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/refresh - a build of the same repositories with a later T0 and T1 (admins; audit-logged)
export const POST = handle(
  benchmarkBuildsRoutes.postAdminBuildsIdRefresh,
  ({ caller, params, body }) => refreshBuild(caller, params.id, body),
  { body: "The refresh" },
);
