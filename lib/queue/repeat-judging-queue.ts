import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// §2.3's repeat agreement: a job per RepeatJudging row. Transient failures retry the job, which asks only the pairs
// without a repeat verdict yet.
export const repeatJudgingQueue = defineQueue("repeat-judging-queue", z.object({ repeatId: z.string().min(1) }), () =>
  retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
);

/** Queues the repeat of a row that already exists; its id is the job id, so a duplicate enqueue is ignored. */
export async function enqueueRepeatJudging(repeatId: string): Promise<void> {
  await repeatJudgingQueue.queue().add("repeat-judge", { repeatId }, { jobId: repeatId });
}
