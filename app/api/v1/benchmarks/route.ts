import { benchmarkListSchema } from "@/lib/contracts/public-reads";
import { publicReadCacheControl } from "@/lib/server/http/cache-policy";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listBenchmarks } from "@/lib/server/benchmarks/list-benchmarks";

export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks - benchmark versions with their repositories (public)
export const GET = withErrors(async (request: Request) =>
  respond(benchmarkListSchema, { benchmarks: await listBenchmarks() }, 200, {
    "cache-control": publicReadCacheControl(request),
  }),
);
