import type { Queue } from "bullmq";
import { z } from "zod";
import { env } from "../env";
import { WEBHOOK_ATTEMPTS } from "../webhooks/delivery-schedule";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// Webhook deliveries: one job per WebhookDelivery row (its id is the job id and the `webhook-id` header), retried
// with exponential backoff for at most 24 hours (lib/webhooks/delivery-schedule.ts). Jobs carry ids; rows carry state.
export const webhookQueue = defineQueue("webhook-queue", z.object({ deliveryId: z.string().min(1) }), () =>
  retryingJobOptions(WEBHOOK_ATTEMPTS, env.WEBHOOK_RETRY_DELAY_MS),
);
export const webhookJobSchema = webhookQueue.payload;
export type WebhookJob = z.infer<typeof webhookQueue.payload>;

export async function enqueueWebhookDelivery(
  deliveryId: string,
  queue: Queue<WebhookJob> = webhookQueue.queue(),
): Promise<void> {
  await queue.add("deliver", { deliveryId }, { jobId: deliveryId });
}
