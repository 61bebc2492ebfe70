import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// One stage of a benchmark build (docs/building-benchmarks.md). The job names the BenchmarkBuildStage row; the row
// holds the status and the counts, the build's candidates hold what each stage decided, so a stage that runs again
// continues where the last attempt stopped.
export const benchmarkBuildQueue = defineQueue("benchmark-build-queue", z.object({ stageId: z.string().min(1) }), () =>
  retryingJobOptions(env.SCORING_ATTEMPTS, env.SCORING_RETRY_DELAY_MS),
);

/** Queues a stage row at its generation (its token when queued), so a re-queue after a lost job is a new job. */
export async function enqueueBuildStage(stageId: string, generation: number): Promise<void> {
  await benchmarkBuildQueue.queue().add("run-build-stage", { stageId }, { jobId: `${stageId}-${generation}` });
}
