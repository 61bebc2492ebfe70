import { webhooksRoutes } from "@/lib/contracts/webhooks-routes";
import { listWebhookDeliveries } from "@/lib/server/webhooks/webhook-endpoints";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/webhooks/{id}/deliveries?page=&per_page= - the endpoint's delivery log, newest first, with the receiver's status codes
export const GET = handle(webhooksRoutes.getWebhooksIdDeliveries, ({ caller, params, query }) =>
  listWebhookDeliveries(caller.id, params.id, query),
);
