import { z } from "zod";
import { pageInfoSchema, timestampSchema } from "./common";

// Webhook endpoints, their delivery log, and the events they receive (Standard Webhooks: lib/webhooks).

export const WEBHOOK_EVENTS = [
  "submission.scored",
  "submission.failed",
  "submission.approved",
  "submission.rejected",
  "panel.completed",
  "audit_run.finished",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Events only admins may subscribe to (in-house runs are theirs). */
export const ADMIN_WEBHOOK_EVENTS: readonly WebhookEventType[] = ["audit_run.finished"];
export const MAX_WEBHOOKS_PER_USER = 10;

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { message: `must be one of ${WEBHOOK_EVENTS.join(", ")}` });

export const createWebhookBodySchema = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
      .max(2_000)
      .refine((u) => !new URL(u).username && !new URL(u).password, "must not carry a user name or password"),
    events: z
      .array(webhookEventSchema)
      .min(1, "choose at least one event")
      .max(WEBHOOK_EVENTS.length)
      .refine((list) => new Set(list).size === list.length, "lists an event twice"),
    description: z.string().trim().max(200).optional(),
  })
  .meta({
    id: "CreateWebhookBody",
    example: { url: "https://ci.example.com/probebench", events: ["submission.scored", "submission.failed"] },
  });

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    description: z.string().nullable(),
    created_at: timestampSchema,
    last_delivery: z
      .object({ at: timestampSchema, status: z.string(), response_status: z.number().int().nullable() })
      .nullable(),
    consecutive_failures: z.number().int().meta({ description: "Attempts that failed in a row; 0 after a success" }),
    failing_since: timestampSchema.nullable().meta({
      description: "When the first of those failed attempts was made; after 24 hours the endpoint is disabled",
    }),
    disabled_at: timestampSchema
      .nullable()
      .meta({ description: "Set when the endpoint was disabled: it gets no events until re-enabled" }),
    disabled_reason: z.string().nullable(),
  })
  .meta({ id: "Webhook" });
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) }).meta({ id: "WebhookList" });
export const createdWebhookSchema = webhookSchema
  .extend({ secret: z.string().meta({ description: "The signing secret (whsec_...), shown this once" }) })
  .meta({ id: "CreatedWebhook" });
export const deletedWebhookSchema = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedWebhook" });

const DELIVERY_STATUSES = ["pending", "succeeded", "retrying", "failed"] as const;
const webhookDeliverySchema = z
  .object({
    id: z.string().meta({ description: "The `webhook-id` header: the same on every retry of one event" }),
    event: webhookEventSchema.or(z.literal("webhook.test")),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    response_status: z.number().int().nullable(),
    response_excerpt: z
      .string()
      .nullable()
      .meta({ description: "At most the first 500 characters of the receiver's answer" }),
    error: z.string().nullable(),
    created_at: timestampSchema,
    last_attempt_at: timestampSchema.nullable(),
    next_attempt_at: timestampSchema.nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "must be 1 or more").max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const webhookDeliveriesSchema = z
  .object({ deliveries: z.array(webhookDeliverySchema), pagination: pageInfoSchema })
  .meta({ id: "WebhookDeliveries" });
export const enabledWebhookSchema = webhookSchema.meta({ id: "EnabledWebhook" });
export const sentTestEventSchema = z
  .object({ delivery_id: z.string(), status: z.literal("pending") })
  .meta({ id: "SentTestEvent" });

/** The JSON body of every delivery (Standard Webhooks: type, timestamp, data). */
export const webhookPayloadSchema = z
  .object({
    type: webhookEventSchema.or(z.literal("webhook.test")),
    timestamp: timestampSchema,
    data: z.looseObject({
      submission_id: z.string().optional(),
      audit_run_id: z.string().optional(),
      status: z.string().optional(),
      url: z.string().optional(),
    }),
  })
  .meta({ id: "WebhookPayload" });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
