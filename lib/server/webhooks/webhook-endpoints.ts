import type { z } from "zod";
import { randomUUID } from "node:crypto";
import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import type { ApiCaller } from "../../auth/authorize-caller";
import {
  ADMIN_WEBHOOK_EVENTS,
  MAX_WEBHOOKS_PER_USER,
  type createWebhookBodySchema,
  type createdWebhookSchema,
  type deletedWebhookSchema,
  type sentTestEventSchema,
  type webhookDeliveriesQuerySchema,
  type webhookDeliveriesSchema,
  type webhookListSchema,
  type webhookSchema,
  webhookEventSchema,
  webhookPayloadSchema,
  type WebhookPayload,
} from "../../contracts/webhooks";
import { enqueueWebhookDelivery } from "../../queue/webhook-queue";
import { encryptSecret, newSigningSecret } from "../../secret-box";
import { pageInfo } from "../pagination";
import { consumeRateLimit, rateLimitedError } from "../rate-limit/rate-limit";
import { webhookSecretKey } from "./webhook-key";

// A user's webhook endpoints: register (the secret is shown once), list, delete, the delivery log, a test event.

const deliveryEventSchema = webhookPayloadSchema.shape.type;

type EndpointRow = {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  createdAt: Date;
  consecutiveFailures: number;
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  deliveries?: { createdAt: Date; status: string; responseStatus: number | null }[];
};

function endpointView(row: EndpointRow): z.input<typeof webhookSchema> {
  const last = row.deliveries?.[0];
  return {
    id: row.id,
    url: row.url,
    events: row.events.flatMap((e) => {
      const known = webhookEventSchema.safeParse(e);
      return known.success ? [known.data] : [];
    }),
    description: row.description,
    created_at: row.createdAt.toISOString(),
    last_delivery: last
      ? { at: last.createdAt.toISOString(), status: last.status, response_status: last.responseStatus }
      : null,
    consecutive_failures: row.consecutiveFailures,
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
  };
}

export async function createWebhook(
  caller: Pick<ApiCaller, "id" | "role">,
  input: z.output<typeof createWebhookBodySchema>,
): Promise<z.input<typeof createdWebhookSchema>> {
  const adminOnly = input.events.filter((e) => ADMIN_WEBHOOK_EVENTS.includes(e));
  if (adminOnly.length && caller.role !== "admin")
    throw new AppError("forbidden", `Only admins may subscribe to ${adminOnly.join(", ")}`);
  const key = webhookSecretKey();
  if ((await db.webhookEndpoint.count({ where: { userId: caller.id } })) >= MAX_WEBHOOKS_PER_USER) {
    throw new AppError(
      "conflict",
      `You have ${MAX_WEBHOOKS_PER_USER} webhook endpoints, the most allowed; delete one first`,
    );
  }
  const secret = newSigningSecret();
  // The ciphertext is bound to the endpoint's id (lib/secret-box.ts), which exists once the row does.
  const row = await db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
        userId: caller.id,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        secretEncrypted: "",
      },
    });
    return tx.webhookEndpoint.update({
      where: { id: created.id },
      data: { secretEncrypted: encryptSecret(secret, key, created.id) },
    });
  });
  return { ...endpointView(row), secret };
}

export async function listWebhooks(userId: string): Promise<z.input<typeof webhookListSchema>> {
  const rows = await db.webhookEndpoint.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    include: {
      deliveries: {
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { createdAt: true, status: true, responseStatus: true },
      },
    },
  });
  return { webhooks: rows.map(endpointView) };
}

/** The caller's endpoint, or 404 (another user's endpoints do not exist for them). */
async function ownEndpoint(userId: string, id: string) {
  const row = await db.webhookEndpoint.findFirst({ where: { id, userId } });
  if (!row) throw new AppError("not_found", "Webhook endpoint not found");
  return row;
}

/** Lets a disabled endpoint receive events again, with its failure count cleared. */
export async function enableWebhook(userId: string, id: string): Promise<z.input<typeof webhookSchema>> {
  await ownEndpoint(userId, id);
  const row = await db.webhookEndpoint.update({
    where: { id },
    data: { disabledAt: null, disabledReason: null, consecutiveFailures: 0, failingSince: null },
    include: {
      deliveries: {
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { createdAt: true, status: true, responseStatus: true },
      },
    },
  });
  return endpointView(row);
}

export async function deleteWebhook(userId: string, id: string): Promise<z.input<typeof deletedWebhookSchema>> {
  await ownEndpoint(userId, id);
  await db.webhookEndpoint.delete({ where: { id } });
  return { id, deleted: true as const };
}

export async function listWebhookDeliveries(
  userId: string,
  id: string,
  query: z.output<typeof webhookDeliveriesQuerySchema>,
): Promise<z.input<typeof webhookDeliveriesSchema>> {
  await ownEndpoint(userId, id);
  const { page, per_page } = query;
  const [total, rows] = await Promise.all([
    db.webhookDelivery.count({ where: { endpointId: id } }),
    db.webhookDelivery.findMany({
      where: { endpointId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * per_page,
      take: per_page,
    }),
  ]);
  return {
    deliveries: rows.map((d) => ({
      id: d.id,
      event: deliveryEventSchema.parse(d.event),
      status: d.status,
      attempts: d.attempts,
      response_status: d.responseStatus,
      response_excerpt: d.responseExcerpt,
      error: d.error,
      created_at: d.createdAt.toISOString(),
      last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
      next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    })),
    pagination: pageInfo(total, page, per_page),
  };
}

/** Stores one delivery of an event to an endpoint and queues it; the id is the `webhook-id` of every attempt. */
export async function queueDelivery(endpointId: string, payload: WebhookPayload): Promise<string> {
  const id = `msg_${randomUUID().replace(/-/g, "")}`;
  await db.webhookDelivery.create({
    data: { id, endpointId, event: payload.type, payload: payload as unknown as Prisma.InputJsonObject },
  });
  await enqueueWebhookDelivery(id);
  return id;
}

export async function sendTestEvent(userId: string, id: string): Promise<z.input<typeof sentTestEventSchema>> {
  const endpoint = await ownEndpoint(userId, id);
  if (endpoint.disabledAt)
    throw new AppError(
      "conflict",
      `This endpoint was disabled (${endpoint.disabledReason ?? "by the server"}); re-enable it first`,
    );
  // Per user, not per endpoint: test events are the one kind a user can make at will (lib/webhooks/fair-share.ts).
  const limit = await consumeRateLimit("webhook-test", userId);
  if (!limit.allowed)
    throw rateLimitedError(
      "webhook-test",
      limit,
      `Too many test events: at most ${limit.limit} an hour. Try again in ${limit.retryAfterSeconds} s.`,
    );
  const deliveryId = await queueDelivery(endpoint.id, {
    type: "webhook.test",
    timestamp: new Date().toISOString(),
    data: { url: endpoint.url },
  });
  return { delivery_id: deliveryId, status: "pending" as const };
}
