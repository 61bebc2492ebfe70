import { assertTokenScope } from "@/lib/auth/authorize-caller";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { deletedWebhookSchema } from "@/lib/contracts/webhooks";
import { respond, withErrors } from "@/lib/server/http/respond";
import { deleteWebhook } from "@/lib/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

// DELETE /api/v1/webhooks/{id} - delete one of the caller's endpoints and its delivery log (tokens need `read` + `submit`)
export const DELETE = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", tokens: "submit" });
  assertTokenScope(caller, "read");
  return respond(deletedWebhookSchema, await deleteWebhook(caller.id, id));
});
