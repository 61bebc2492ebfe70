import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { benchmarkListSchema } from "@/lib/contracts/public-reads";
import { publicReadCacheControl } from "@/lib/server/http/cache-policy";
import { respond } from "@/lib/server/http/respond";
import { listBenchmarks } from "@/lib/server/benchmarks/list-benchmarks";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks - benchmark versions with their repositories (public)
export const GET = handle(publicReadsRoutes.getBenchmarks, async ({ request }) =>
  respond(benchmarkListSchema, { benchmarks: await listBenchmarks() }, 200, {
    "cache-control": publicReadCacheControl(request),
  }),
);
