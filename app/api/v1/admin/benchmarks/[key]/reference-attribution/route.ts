import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { startReferenceAttribution } from "@/lib/server/attribution/queue-reference-attribution";
import { readOptionalJsonBody } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { startedReferenceAttributionSchema } from "@/lib/contracts/admin";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/benchmarks/{slug@version}/reference-attribution - label the version's reference bugs with the
// configured bug-type classifier -> 202 (admins; tokens need `admin`; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ key: string }> }) => {
  const { key } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const body = await readOptionalJsonBody(request, 1024);
  return respond(
    startedReferenceAttributionSchema,
    await startReferenceAttribution(caller.id, decodeURIComponent(key), body),
    202,
  );
});
