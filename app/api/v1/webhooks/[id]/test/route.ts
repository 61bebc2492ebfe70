import { webhooksRoutes } from "@/lib/contracts/webhooks-routes";
import { sendTestEvent } from "@/lib/server/webhooks/webhook-endpoints";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/webhooks/{id}/test - queue a `webhook.test` event to the endpoint; 202 with the delivery id
export const POST = handle(webhooksRoutes.postWebhooksIdTest, ({ caller, params }) =>
  sendTestEvent(caller.id, params.id),
);
