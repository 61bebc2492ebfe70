import { requireCaller } from "@/lib/server/auth/api-caller";
import { startAttribution } from "@/lib/server/finding-review/start-finding-review";
import { readOptionalJsonBody } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { startAttributionBodySchema, startedAttributionSchema } from "@/lib/contracts/panel";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/attribution - start bug-type attribution on demand -> 202 (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  parseOrThrow(
    startAttributionBodySchema,
    (await readOptionalJsonBody(request, 1024)) ?? {},
    "The attribution request",
  );
  return respond(startedAttributionSchema, await startAttribution(caller.id, id), 202);
});
