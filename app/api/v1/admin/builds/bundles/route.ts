import "server-only";
import { benchmarkBuildsRoutes } from "@/lib/contracts/benchmark-builds-routes";
import { env } from "@/lib/env";
import { storeUploadedBundle } from "@/lib/server/benchmark-builds/build-storage";
import { readBodyBytes } from "@/lib/server/http/read-body";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/bundles - stores a git bundle (the body, at most BUILD_BUNDLE_MAX_BYTES); 201 {bundle, bytes}
export const POST = handle(benchmarkBuildsRoutes.postAdminBuildsBundles, async ({ request }) =>
  storeUploadedBundle(await readBodyBytes(request, env.BUILD_BUNDLE_MAX_BYTES)),
);
