import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// Scoring: a job per Submission row. Transient failures (judge timeouts, 429, 5xx that outlast the client's own
// retries) retry the whole job; a retried job reuses every verdict already cached, so it repeats no LLM call.
export const scoringQueue = defineQueue("scoring-queue", z.object({ submissionId: z.string().min(1) }), () =>
  retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
);
export const SCORING_QUEUE = scoringQueue.name;

/** Queues scoring for a submission whose row already exists; the job id is the submission id. */
export async function enqueueScoring(submissionId: string, opts: { rescore?: boolean } = {}): Promise<void> {
  // BullMQ ignores a job whose id already exists; a rescore uses a fresh id derived from the row.
  const jobId = opts.rescore ? `${submissionId}-rescore-${Date.now()}` : submissionId;
  await scoringQueue.queue().add("score-submission", { submissionId }, { jobId });
}
