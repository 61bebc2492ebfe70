import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// A benchmark version's datasheet (§A.3, Tables 1, 6, 8, 9): recomputed by the worker whenever the version's data
// change (benchmark, fix-dates, snapshot and reported imports). The job names the BenchmarkDatasheet row; the row holds
// the status and the sheet.
export const datasheetQueue = defineQueue("datasheet-queue", z.object({ datasheetId: z.string().min(1) }), () =>
  retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
);

/**
 * Queues the computation of a datasheet row at its generation (the row's token after the change that queued it), one
 * job per change: a change made while a computation runs takes a new token, so that computation's result is not stored
 * and the job of the new generation reads the data as they are now.
 */
export async function enqueueDatasheet(datasheetId: string, generation: number): Promise<void> {
  await datasheetQueue.queue().add("compute-datasheet", { datasheetId }, { jobId: `${datasheetId}-${generation}` });
}
