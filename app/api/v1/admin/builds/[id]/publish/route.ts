import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { publishBuild } from "@/lib/server/benchmark-builds/publish-build";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/{id}/publish - publishes the build as a new immutable version (admins; audit-logged)
export const POST = handle(
  benchmarkBuildsRoutes.postAdminBuildsIdPublish,
  ({ caller, params }) => publishBuild(caller, params.id),
  { body: "The publication", maxBodyBytes: 1024 },
);
