import { assertTokenScope } from "@/lib/auth/authorize-caller";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { enabledWebhookSchema } from "@/lib/contracts/webhooks";
import { respond, withErrors } from "@/lib/server/http/respond";
import { enableWebhook } from "@/lib/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

// POST /api/v1/webhooks/{id}/enable - re-enable an endpoint disabled after a day of failures (tokens need `read` + `submit`)
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", tokens: "submit" });
  assertTokenScope(caller, "read");
  return respond(enabledWebhookSchema, await enableWebhook(caller.id, id));
});
