import { Webhook } from "standardwebhooks";
import { db } from "../../db";
import { env } from "../../env";
import { log } from "../../observability/log";
import { isDelivered, retryDelayMs } from "../../webhooks/delivery-schedule";
import { DISABLED_REASON, disableCutoff } from "../../webhooks/fair-share";
import { openSecret, parseSecretKey } from "../../secret-box";
import { sendWebhookRequest } from "./send-webhook-request";

// One attempt at a delivery (worker/processors/webhook.ts): signed per Standard Webhooks with the endpoint's secret,
// sent, and the answer recorded on the row. The row says what happened; the return value whether to try again.

export type AttemptResult = "done" | "retry";

export async function deliverWebhook(
  deliveryId: string,
  attempt: number,
  lastAttempt: boolean,
): Promise<AttemptResult> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  // Gone with its endpoint, or already settled by an earlier run of this job.
  if (!delivery || delivery.status === "succeeded" || delivery.status === "failed") return "done";
  const record = (data: {
    status: "succeeded" | "retrying" | "failed";
    responseStatus?: number | null;
    responseExcerpt?: string | null;
    error?: string | null;
  }) =>
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        ...data,
        attempts: attempt,
        lastAttemptAt: new Date(),
        nextAttemptAt:
          data.status === "retrying" ? new Date(Date.now() + retryDelayMs(attempt, env.WEBHOOK_RETRY_DELAY_MS)) : null,
      },
    });
  // A disabled endpoint gets nothing more until its owner re-enables it; what was still queued is given up.
  if (delivery.endpoint.disabledAt) {
    await record({ status: "failed", error: "not sent: the endpoint is disabled" });
    return "done";
  }
  let secret: string;
  try {
    const stored = delivery.endpoint.secretEncrypted;
    const opened = openSecret(stored, parseSecretKey(env.WEBHOOK_SECRET_KEY ?? ""), delivery.endpointId);
    secret = opened.secret;
    // A secret stored before it was bound to its endpoint: stored again, bound (unless it changed meanwhile).
    if (opened.upgraded)
      await db.webhookEndpoint.updateMany({
        where: { id: delivery.endpointId, secretEncrypted: stored },
        data: { secretEncrypted: opened.upgraded },
      });
  } catch {
    await record({
      status: "failed",
      error: "the endpoint's secret cannot be read with this server's WEBHOOK_SECRET_KEY; register the endpoint again",
    });
    return "done";
  }
  const body = JSON.stringify(delivery.payload);
  const now = new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": "probebench-webhooks/1",
    "webhook-id": delivery.id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1_000)),
    "webhook-signature": new Webhook(secret).sign(delivery.id, now, body),
  };
  const outcome = await sendWebhookRequest(delivery.endpoint.url, body, headers, {
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
  });
  await recordEndpointHealth(delivery.endpointId, outcome.kind === "answered" && isDelivered(outcome.status));
  if (outcome.kind === "answered" && isDelivered(outcome.status)) {
    await record({
      status: "succeeded",
      responseStatus: outcome.status,
      responseExcerpt: outcome.excerpt || null,
      error: null,
    });
    return "done";
  }
  // A refused address will not become public by waiting: recorded, not retried.
  if (outcome.kind === "refused") {
    await record({ status: "failed", error: outcome.error });
    return "done";
  }
  const error = outcome.kind === "answered" ? `the receiver answered ${outcome.status}` : outcome.error;
  const status = lastAttempt ? "failed" : "retrying";
  await record({
    status,
    responseStatus: outcome.kind === "answered" ? outcome.status : null,
    responseExcerpt: outcome.kind === "answered" ? outcome.excerpt || null : null,
    error,
  });
  return status === "retrying" ? "retry" : "done";
}

/**
 * Counts the endpoint's failures in a row (a success resets them) and disables it once every attempt has failed for
 * a day (lib/webhooks/fair-share.ts). Each step is one guarded update, so attempts in flight together cannot undo
 * each other's counts.
 */
async function recordEndpointHealth(endpointId: string, delivered: boolean): Promise<void> {
  if (delivered) {
    await db.webhookEndpoint.updateMany({
      where: { id: endpointId, consecutiveFailures: { gt: 0 } },
      data: { consecutiveFailures: 0, failingSince: null },
    });
    return;
  }
  const now = new Date();
  await db.webhookEndpoint.updateMany({ where: { id: endpointId }, data: { consecutiveFailures: { increment: 1 } } });
  await db.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: now } });
  const disabled = await db.webhookEndpoint.updateMany({
    where: {
      id: endpointId,
      disabledAt: null,
      failingSince: { lte: disableCutoff(now) },
    },
    data: { disabledAt: now, disabledReason: DISABLED_REASON },
  });
  if (disabled.count) log.warn({ endpointId }, "webhook endpoint disabled: every attempt failed for 24 hours");
}
