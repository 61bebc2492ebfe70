import "server-only";
import { Queue } from "bullmq";
import { z } from "zod";
import { env } from "../env";
import { WEBHOOK_ATTEMPTS } from "../webhooks/delivery-schedule";
import { createRedisConnection } from "./connection";
import { retryingJobOptions } from "./job-options";

// Webhook deliveries: one job per WebhookDelivery row (its id is the job id and the `webhook-id` header), retried
// with exponential backoff for at most 24 hours (lib/webhooks/delivery-schedule.ts). Jobs carry ids; rows carry state.
export const WEBHOOK_QUEUE = "webhook-queue";

export const webhookJobSchema = z.object({ deliveryId: z.string().min(1) });
export type WebhookJob = z.infer<typeof webhookJobSchema>;

const globalForQueue = globalThis as unknown as { webhookQueue?: Queue<WebhookJob> };

export function getWebhookQueue(): Queue<WebhookJob> {
  if (!globalForQueue.webhookQueue) {
    globalForQueue.webhookQueue = new Queue<WebhookJob>(WEBHOOK_QUEUE, {
      connection: createRedisConnection(),
      defaultJobOptions: retryingJobOptions(WEBHOOK_ATTEMPTS, env.WEBHOOK_RETRY_DELAY_MS),
    });
  }
  return globalForQueue.webhookQueue;
}

export async function enqueueWebhookDelivery(deliveryId: string, queue: Queue<WebhookJob> = getWebhookQueue()): Promise<void> {
  await queue.add("deliver", { deliveryId }, { jobId: deliveryId });
}

export async function closeWebhookQueue(): Promise<void> {
  if (globalForQueue.webhookQueue) {
    await globalForQueue.webhookQueue.close();
    globalForQueue.webhookQueue = undefined;
  }
}
