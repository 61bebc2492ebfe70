import { DelayedError, type Job } from "bullmq";
import { env } from "../../lib/env";
import { Prisma } from "../../lib/generated/prisma/client";
import { webhookJobSchema, webhookQueue, type WebhookJob } from "../../lib/queue/webhook-queue";
import { deliverWebhook } from "../../lib/server/webhooks/deliver-webhook";
import { takeDeliverySlot } from "../../lib/server/webhooks/delivery-slots";
import { leaseDelivery } from "../../lib/server/webhooks/lease-delivery";
import { leasedRows } from "../jobs/reconcile";

// One delivery attempt; throwing hands the job back to BullMQ, which retries it with exponential backoff. The attempt
// first takes a slot of its endpoint and owner (lib/webhooks/fair-share.ts); without one the job goes back to the
// delayed set for a moment, using no attempt and freeing this worker slot for other users' deliveries.
export async function processWebhookJob(job: Job<WebhookJob>, token?: string): Promise<void> {
  const { deliveryId } = webhookJobSchema.parse(job.data);
  const slot = await takeDeliverySlot(deliveryId);
  if (slot.kind === "wait") {
    await job.moveToDelayed(Date.now() + slot.waitMs, token);
    throw new DelayedError();
  }
  try {
    // One attempt is one request, bounded by its timeout: its lease is taken once, not renewed (worker/jobs/lease.ts).
    await leaseDelivery(deliveryId, new Date(Date.now() + env.JOB_LEASE_MS));
    const attempt = job.attemptsMade + 1;
    const result = await deliverWebhook(deliveryId, attempt, attempt >= (job.opts.attempts ?? 1));
    if (result === "retry") throw new Error(`webhook delivery ${deliveryId}: attempt ${attempt} failed, retrying`);
  } finally {
    await slot.release();
  }
}

/**
 * Deliveries pending, or retrying with their next attempt due, whose lease has passed and whose job was lost: queued
 * again under the delivery's id (its `webhook-id`), so a receiver still drops a repeat.
 */
export const strandedWebhookDeliveries = leasedRows(webhookQueue, "deliver", "WebhookDelivery", "deliveryId", {
  pending: Prisma.sql`status IN ('pending', 'retrying')
    AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" < (now() AT TIME ZONE 'UTC'))`,
});
