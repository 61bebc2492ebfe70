import { requireCaller } from "@/lib/server/auth/api-caller";
import { startPanel } from "@/lib/server/finding-review/start-finding-review";
import { readOptionalJsonBody } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { startPanelBodySchema, startedPanelSchema } from "@/lib/contracts/panel";
import { parseOrThrow } from "@/lib/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/submissions/{id}/panel - start panel validation {sample_size?, seed?, runs?} -> 202 (admins; audit-logged)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const input = parseOrThrow(
    startPanelBodySchema,
    (await readOptionalJsonBody(request, 4 * 1024)) ?? {},
    "The panel request",
  );
  return respond(startedPanelSchema, await startPanel(caller.id, id, input), 202);
});
