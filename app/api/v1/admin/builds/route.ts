import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { listBuilds } from "@/lib/server/benchmark-builds/build-view";
import { createBuild } from "@/lib/server/benchmark-builds/create-build";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/builds - every benchmark build, newest first (admins)
export const GET = handle(benchmarkBuildsRoutes.getAdminBuilds, () => listBuilds());

// POST /api/v1/admin/builds - starts a build {slug, name, version, snapshot, window_end, repositories} (admins;
// worker jobs; audit-logged)
export const POST = handle(benchmarkBuildsRoutes.postAdminBuilds, ({ caller, body }) => createBuild(caller, body), {
  body: "The build",
  maxBodyBytes: 64 * 1024,
});
