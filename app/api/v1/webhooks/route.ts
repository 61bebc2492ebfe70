import { webhooksRoutes } from "@/lib/contracts/webhooks-routes";
import { createWebhook, listWebhooks } from "@/lib/server/webhooks/webhook-endpoints";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/webhooks - the caller's webhook endpoints with their last delivery (never the secret); tokens need `read`
export const GET = handle(webhooksRoutes.getWebhooks, ({ caller }) => listWebhooks(caller.id));

// POST /api/v1/webhooks - register an endpoint {url, events, description?}; 201 with the signing secret, shown this
// once. A session, or a token with both `read` and `submit` (it can then learn about, and act on, what it uploads)
export const POST = handle(webhooksRoutes.postWebhooks, ({ caller, body }) => createWebhook(caller, body), {
  body: "The webhook",
});
