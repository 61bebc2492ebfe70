import type { Job } from "bullmq";
import { webhookJobSchema, type WebhookJob } from "../../lib/queue/webhook-queue";
import { deliverWebhook } from "../../lib/server/webhooks/deliver-webhook";

// One delivery attempt; throwing hands the job back to BullMQ, which retries it with exponential backoff.
export async function processWebhookJob(job: Job<WebhookJob>): Promise<void> {
  const { deliveryId } = webhookJobSchema.parse(job.data);
  const attempt = job.attemptsMade + 1;
  const result = await deliverWebhook(deliveryId, attempt, attempt >= (job.opts.attempts ?? 1));
  if (result === "retry") throw new Error(`webhook delivery ${deliveryId}: attempt ${attempt} failed, retrying`);
}
