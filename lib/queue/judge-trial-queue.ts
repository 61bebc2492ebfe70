import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// A candidate judge tried on a version's labelled pairs: a job per JudgeTrial row. Transient failures retry the job,
// which reuses every verdict already stored.
export const judgeTrialQueue = defineQueue("judge-trial-queue", z.object({ trialId: z.string().min(1) }), () =>
  retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
);

/** Queues the trial of a row that already exists; its id is the job id, so a duplicate enqueue is ignored. */
export async function enqueueJudgeTrial(trialId: string): Promise<void> {
  await judgeTrialQueue.queue().add("try-judge", { trialId }, { jobId: trialId });
}
