import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { env } from "@/lib/env";
import { importFixDates } from "@/lib/server/admin/import-fix-dates";
import { readBodyBytes } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { importedFixDatesSchema } from "@/lib/contracts/admin";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/benchmarks/{slug@version}/fix-dates - dates the reference bugs of a version imported without
// fix dates (body: the fix-dates file, at most UPLOAD_MAX_BYTES), then recomputes its fix-rank tests; 409 when the
// version already has them; audit-logged (admins; tokens need `admin`)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ key: string }> }) => {
  const { key } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  const imported = await importFixDates(caller.id, decodeURIComponent(key), {
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    read: () => readBodyBytes(request, env.UPLOAD_MAX_BYTES),
  });
  return respond(importedFixDatesSchema, imported);
});
