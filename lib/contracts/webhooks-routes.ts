import { type ApiRoute, bodyJson, READ, ok, created, accepted, routeList } from "./route-kit";
import {
  createWebhookBodySchema,
  createdWebhookSchema,
  deletedWebhookSchema,
  enabledWebhookSchema,
  sentTestEventSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookListSchema,
} from "./webhooks";

// The caller's webhook endpoints and their delivery log.
const {
  delete: del,
  get,
  post,
} = routeList({
  tag: "Webhook endpoints",
  auth: { read: READ, write: { kind: "required", scopes: ["read", "submit"] } },
});

export const webhooksRoutes = {
  getWebhooks: get(
    "/api/v1/webhooks",
    "The caller's webhook endpoints",
    ok(webhookListSchema, "Endpoints (never the secret)"),
  ),
  postWebhooks: post(
    "/api/v1/webhooks",
    "Register a webhook endpoint",
    created(createdWebhookSchema, "The endpoint with its secret"),
    {
      description:
        "Needs a session, or a token with both `read` and `submit`. The signing secret is returned this once.",
      body: bodyJson(createWebhookBodySchema),
      errors: [400, 403, 409],
    },
  ),
  deleteWebhooksId: del("/api/v1/webhooks/{id}", "Delete a webhook endpoint", ok(deletedWebhookSchema, "Deleted")),
  getWebhooksIdDeliveries: get(
    "/api/v1/webhooks/{id}/deliveries",
    "An endpoint's delivery log, newest first",
    ok(webhookDeliveriesSchema, "Deliveries with status codes"),
    { query: webhookDeliveriesQuerySchema },
  ),
  postWebhooksIdTest: post(
    "/api/v1/webhooks/{id}/test",
    "Send a test event to an endpoint",
    accepted(sentTestEventSchema, "Queued for delivery"),
    {
      description:
        "At most `WEBHOOK_TEST_EVENTS_PER_HOUR` (10) a user, over all their endpoints; a disabled endpoint is re-enabled first (409).",
      errors: [409],
    },
  ),
  postWebhooksIdEnable: post(
    "/api/v1/webhooks/{id}/enable",
    "Re-enable an endpoint that was disabled after a day of failed deliveries",
    ok(enabledWebhookSchema, "The endpoint, enabled"),
    {
      description: "Clears the failure count; events from now on are delivered again (those given up are not re-sent).",
    },
  ),
} satisfies Record<string, ApiRoute>;
