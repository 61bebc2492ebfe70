import type { JobsOptions } from "bullmq";

/**
 * Default job options of every queue: failed jobs retry with exponential backoff up to `attempts` times; finished
 * jobs are kept a day (at most 1,000), failed ones a week, for inspection.
 */
export function retryingJobOptions(attempts: number, delayMs: number) {
  return {
    attempts,
    backoff: { type: "exponential" as const, delay: delayMs },
    removeOnComplete: { age: 24 * 3600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  } satisfies JobsOptions;
}
