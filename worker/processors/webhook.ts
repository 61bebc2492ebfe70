import { DelayedError, type Job } from "bullmq";
import { webhookJobSchema, type WebhookJob } from "../../lib/queue/webhook-queue";
import { deliverWebhook } from "../../lib/server/webhooks/deliver-webhook";
import { takeDeliverySlot } from "../../lib/server/webhooks/delivery-slots";

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
    const attempt = job.attemptsMade + 1;
    const result = await deliverWebhook(deliveryId, attempt, attempt >= (job.opts.attempts ?? 1));
    if (result === "retry") throw new Error(`webhook delivery ${deliveryId}: attempt ${attempt} failed, retrying`);
  } finally {
    await slot.release();
  }
}
