import { requireCaller } from "@/lib/server/auth/api-caller";
import { webhookDeliveriesQuerySchema, webhookDeliveriesSchema } from "@/lib/contracts/webhooks";
import { parseOrThrow } from "@/lib/errors";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listWebhookDeliveries } from "@/lib/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

// GET /api/v1/webhooks/{id}/deliveries?page=&per_page= - the endpoint's delivery log, newest first, with the receiver's status codes
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await requireCaller(request, { access: "read", tokens: "read" });
  const query = parseOrThrow(
    webhookDeliveriesQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  return respond(webhookDeliveriesSchema, await listWebhookDeliveries(caller.id, id, query));
});
