import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { publicReadCacheControl } from "@/lib/server/http/cache-policy";
import { listBenchmarks } from "@/lib/server/benchmarks/list-benchmarks";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks - benchmark versions with their repositories (public)
export const GET = handle(publicReadsRoutes.getBenchmarks, async () => ({ benchmarks: await listBenchmarks() }), {
  headers: (_answer, request) => ({ "cache-control": publicReadCacheControl(request) }),
});
