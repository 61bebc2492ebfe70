import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// §C.4: recomputing the fix-rank tests of every scored run of a benchmark version (after its fix dates arrive). The
// rows it rewrites are derived, so a rerun is harmless.
export const fixRankQueue = defineQueue("fix-rank-queue", z.object({ benchmarkId: z.string().min(1) }), () =>
  retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
);

/** Queues the recomputation of a version's fix-rank tests. */
export async function enqueueFixRankTests(benchmarkId: string): Promise<void> {
  await fixRankQueue.queue().add("compute-fix-rank-tests", { benchmarkId }, { jobId: `${benchmarkId}-${Date.now()}` });
}
