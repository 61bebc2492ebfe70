import { type ApiRoute, bodyJson, READ, routeList } from "./route-kit";
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
  base: "/api/v1",
});

export const webhooksRoutes = {
  getWebhooks: get("/webhooks", "The caller's webhook endpoints", {
    ok: [webhookListSchema, "Endpoints (never the secret)"],
  }),
  postWebhooks: post("/webhooks", "Register a webhook endpoint", {
    description: "Needs a session, or a token with both `read` and `submit`. The signing secret is returned this once.",
    body: bodyJson(createWebhookBodySchema),
    created: [createdWebhookSchema, "The endpoint with its secret"],
    errors: [400, 403, 409],
  }),
  deleteWebhooksId: del("/webhooks/{id}", "Delete a webhook endpoint", { ok: [deletedWebhookSchema, "Deleted"] }),
  getWebhooksIdDeliveries: get("/webhooks/{id}/deliveries", "An endpoint's delivery log, newest first", {
    query: webhookDeliveriesQuerySchema,
    ok: [webhookDeliveriesSchema, "Deliveries with status codes"],
  }),
  postWebhooksIdTest: post("/webhooks/{id}/test", "Send a test event to an endpoint", {
    description:
      "At most `WEBHOOK_TEST_EVENTS_PER_HOUR` (10) a user, over all their endpoints; a disabled endpoint is re-enabled first (409).",
    accepted: [sentTestEventSchema, "Queued for delivery"],
    errors: [409],
  }),
  postWebhooksIdEnable: post(
    "/webhooks/{id}/enable",
    "Re-enable an endpoint that was disabled after a day of failed deliveries",
    {
      description: "Clears the failure count; events from now on are delivered again (those given up are not re-sent).",
      ok: [enabledWebhookSchema, "The endpoint, enabled"],
    },
  ),
} satisfies Record<string, ApiRoute>;
