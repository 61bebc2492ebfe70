import { requireCaller } from "@/lib/auth/api-caller";
import { webhookDeliveriesSchema } from "@/lib/contracts/webhooks";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listWebhookDeliveries } from "@/lib/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

// GET /api/v1/webhooks/{id}/deliveries?page=&per_page= - the endpoint's delivery log, newest first, with the receiver's status codes
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "read", tokens: "read" });
  return respond(
    webhookDeliveriesSchema,
    await listWebhookDeliveries(caller.id, id, Object.fromEntries(new URL(request.url).searchParams)),
  );
});
