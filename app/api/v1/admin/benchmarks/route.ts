import "server-only";
import { adminRoutes } from "@/lib/contracts/admin-routes";
import { env } from "@/lib/env";
import { importBenchmarkVersion, listBenchmarkVersions } from "@/lib/server/admin/benchmark-versions";
import { readBodyBytes } from "@/lib/server/http/read-body";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/benchmarks - every benchmark version with its counts (admins; tokens need `admin`)
export const GET = handle(adminRoutes.getAdminBenchmarks, async () => ({ benchmarks: await listBenchmarkVersions() }));

// POST /api/v1/admin/benchmarks - imports a benchmark version from its benchmark file (the body, at most
// UPLOAD_MAX_BYTES); 201 {id, key, slug, version, repositories, reference_bugs}; 409 when the version exists; audit-logged
export const POST = handle(adminRoutes.postAdminBenchmarks, ({ caller, request }) => {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  return importBenchmarkVersion(caller.id, {
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    read: () => readBodyBytes(request, env.UPLOAD_MAX_BYTES),
  });
});
