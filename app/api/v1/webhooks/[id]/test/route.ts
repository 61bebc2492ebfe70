import { assertTokenScope } from "@/lib/auth/authorize-caller";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { sentTestEventSchema } from "@/lib/contracts/webhooks";
import { respond, withErrors } from "@/lib/server/http/respond";
import { sendTestEvent } from "@/lib/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

// POST /api/v1/webhooks/{id}/test - queue a `webhook.test` event to the endpoint; 202 with the delivery id
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "write", tokens: "submit" });
  assertTokenScope(caller, "read");
  return respond(sentTestEventSchema, await sendTestEvent(caller.id, id), 202);
});
