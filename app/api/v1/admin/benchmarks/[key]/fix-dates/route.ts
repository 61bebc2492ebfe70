import "server-only";
import { adminRoutes } from "@/lib/contracts/admin-routes";
import { env } from "@/lib/env";
import { importFixDates } from "@/lib/server/admin/import-fix-dates";
import { readBodyBytes } from "@/lib/server/http/read-body";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/benchmarks/{slug@version}/fix-dates - dates the reference bugs of a version imported without
// fix dates (body: the fix-dates file, at most UPLOAD_MAX_BYTES, read only once the version is known), then recomputes
// its fix-rank tests; 409 when the version already has them; audit-logged (admins; tokens need `admin`)
export const POST = handle(adminRoutes.postAdminBenchmarksKeyFixDates, async ({ caller, params, request }) => {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  return importFixDates(caller.id, decodeURIComponent(params.key), {
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    read: () => readBodyBytes(request, env.UPLOAD_MAX_BYTES),
  });
});
