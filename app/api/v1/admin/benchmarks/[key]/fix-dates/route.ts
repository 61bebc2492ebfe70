import "server-only";
import { adminRoutes } from "@/lib/contracts/admin-routes";
import { env } from "@/lib/env";
import { importFixDates } from "@/lib/server/admin/import-fix-dates";
import { readBodyText } from "@/lib/server/http/read-body";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/benchmarks/{slug@version}/fix-dates - dates the reference bugs of a version imported without
// fix dates (body: the fix-dates file, at most UPLOAD_MAX_BYTES), then recomputes its fix-rank tests; 409 when the
// version already has them; audit-logged (admins; tokens need `admin`)
export const POST = handle(adminRoutes.postAdminBenchmarksKeyFixDates, async ({ caller, params, request }) =>
  importFixDates(caller.id, decodeURIComponent(params.key), await readBodyText(request, env.UPLOAD_MAX_BYTES)),
);
