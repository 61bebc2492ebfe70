import { Webhook } from "standardwebhooks";
import { db } from "../../db";
import { env } from "../../env";
import { isDelivered, retryDelayMs } from "../../webhooks/delivery-schedule";
import { decryptSecret, parseSecretKey } from "../../webhooks/secret-box";
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
  let secret: string;
  try {
    secret = decryptSecret(delivery.endpoint.secretEncrypted, parseSecretKey(env.WEBHOOK_SECRET_KEY ?? ""));
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
