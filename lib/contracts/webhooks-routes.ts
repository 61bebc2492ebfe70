import { type ApiRoute, idPath, bodyJson, READ } from "./route-kit";
import {
  createWebhookBodySchema,
  createdWebhookSchema,
  deletedWebhookSchema,
  sentTestEventSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookListSchema,
} from "./webhooks";

// The caller's webhook endpoints and their delivery log.
export const WEBHOOKS_ROUTES: ApiRoute[] = [
  {
    method: "get",
    path: "/api/v1/webhooks",
    tag: "Webhook endpoints",
    summary: "The caller's webhook endpoints",
    auth: READ,
    success: { status: 200, schema: webhookListSchema, description: "Endpoints (never the secret)" },
  },
  {
    method: "post",
    path: "/api/v1/webhooks",
    tag: "Webhook endpoints",
    summary: "Register a webhook endpoint",
    description: "Needs a session, or a token with both `read` and `submit`. The signing secret is returned this once.",
    auth: { kind: "required", scopes: ["read", "submit"] },
    body: bodyJson(createWebhookBodySchema),
    success: { status: 201, schema: createdWebhookSchema, description: "The endpoint with its secret" },
    errors: [400, 403, 409, 413],
  },
  {
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    tag: "Webhook endpoints",
    summary: "Delete a webhook endpoint",
    auth: { kind: "required", scopes: ["read", "submit"] },
    params: idPath,
    success: { status: 200, schema: deletedWebhookSchema, description: "Deleted" },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries",
    tag: "Webhook endpoints",
    summary: "An endpoint's delivery log, newest first",
    auth: READ,
    params: idPath,
    query: webhookDeliveriesQuerySchema,
    success: { status: 200, schema: webhookDeliveriesSchema, description: "Deliveries with status codes" },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/test",
    tag: "Webhook endpoints",
    summary: "Send a test event to an endpoint",
    auth: { kind: "required", scopes: ["read", "submit"] },
    params: idPath,
    success: { status: 202, schema: sentTestEventSchema, description: "Queued for delivery" },
    errors: [404],
  },
];
