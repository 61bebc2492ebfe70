import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { env } from "@/lib/env";
import { importBenchmarkVersion, listBenchmarkVersions } from "@/lib/server/admin/benchmark-versions";
import { readBodyBytes } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { benchmarkVersionListSchema, importedBenchmarkSchema } from "@/lib/contracts/admin";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/benchmarks - every benchmark version with its counts (admins; tokens need `admin`)
export const GET = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "read", roles: ["admin"], tokens: "admin" });
  return respond(benchmarkVersionListSchema, { benchmarks: await listBenchmarkVersions() });
});

// POST /api/v1/admin/benchmarks - imports a benchmark version from its benchmark file (the body, at most
// UPLOAD_MAX_BYTES); 201 {id, key, slug, version, repositories, reference_bugs}; 409 when the version exists; audit-logged
export const POST = withErrors(async (request: Request) => {
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  const imported = await importBenchmarkVersion(caller.id, {
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    read: () => readBodyBytes(request, env.UPLOAD_MAX_BYTES),
  });
  return respond(importedBenchmarkSchema, imported, 201);
});
