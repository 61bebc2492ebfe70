import { DelayedError, UnrecoverableError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { z } from "zod";
import { env } from "../../lib/env";
import { log } from "../../lib/observability/log";
import { jobDuration, jobsTotal } from "../../lib/observability/metrics";
import type { QueueDefinition } from "../../lib/queue/define-queue";
import { runInJobScope } from "./job-scope";

function outcomeOf(job: Job, result: unknown): string {
  if (result && typeof result === "object" && "superseded" in result) return "superseded";
  if (result && typeof result === "object" && "skipped" in result) return "skipped";
  return "completed";
}

/**
 * The consumer of one queue, with the settings every queue shares. Jobs yield the event loop (the prefilter runs in
 * slices; passes wait on the model and the sandbox), so locks are renewed on time, and a short lock lets the stalled
 * check hand on the job of a worker that died within WORKER_LOCK_MS. Fencing tokens (run-claimed-job.ts) keep a lapsed
 * lock from doing harm. Each attempt is counted and timed by outcome (lib/observability/metrics.ts).
 */
export function createWorker<S extends z.ZodType>(
  queue: QueueDefinition<S>,
  processor: (job: Job<z.infer<S>>, token?: string) => Promise<unknown>,
  opts: { connection: Redis; concurrency: number },
): Worker<z.infer<S>> {
  const measured = async (job: Job<z.infer<S>>, token?: string) => {
    const stop = jobDuration.startTimer({ queue: queue.name });
    let outcome = "failed";
    try {
      const result = await runInJobScope(() => processor(job, token));
      outcome = outcomeOf(job, result);
      return result;
    } catch (error) {
      const last = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // A job that put itself back to wait (a webhook delivery without a free slot) neither failed nor used an attempt.
      outcome = error instanceof DelayedError ? "deferred" : last ? "failed" : "retried";
      throw error;
    } finally {
      stop({ outcome });
      jobsTotal.inc({ queue: queue.name, outcome });
    }
  };
  const worker = new Worker<z.infer<S>>(queue.name, measured, {
    connection: opts.connection,
    concurrency: opts.concurrency,
    lockDuration: env.WORKER_LOCK_MS,
    stalledInterval: Math.min(30_000, env.WORKER_LOCK_MS),
    maxStalledCount: env.WORKER_MAX_STALLED,
  });
  worker.on("failed", (job, error) =>
    log.warn(
      { queue: queue.name, jobId: job?.id, attempt: job ? job.attemptsMade : undefined },
      `job failed: ${error.message}`,
    ),
  );
  worker.on("completed", (job) => log.info({ queue: queue.name, jobId: job.id }, "job completed"));
  worker.on("error", (error) => log.error({ queue: queue.name, err: error }, "worker error"));
  return worker;
}
