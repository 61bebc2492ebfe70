import { webhooksRoutes } from "@/lib/contracts/webhooks-routes";
import { enableWebhook } from "@/lib/server/webhooks/webhook-endpoints";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// POST /api/v1/webhooks/{id}/enable - re-enable an endpoint disabled after a day of failures (tokens need `read` + `submit`)
export const POST = handle(webhooksRoutes.postWebhooksIdEnable, ({ caller, params }) =>
  enableWebhook(caller.id, params.id),
);
