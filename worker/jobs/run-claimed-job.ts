import { UnrecoverableError, type Job } from "bullmq";
import type { z } from "zod";
import { isDatabaseUnavailable } from "../../lib/errors";
import { log, withLogContext, type LogContext } from "../../lib/observability/log";
import type { ClassifiedError } from "./classify-job-error";
import { keepLease, type JobLease } from "./lease";
import { LostClaimError } from "./lost-claim";

/** What a job's work gets besides its claim: the job (for its id and attempt) and a queue progress reporter. */
export type JobContext = { job: Job; onProgress: (percent: number) => Promise<void> };

export type ClaimedJob<P, C, R> = {
  /** The payload schema (jobs carry ids only; rows carry state). */
  parse: z.ZodType<P>;
  /** Claims the row with a new fencing token; null when there is nothing to do (done, failed, held, deleted). */
  claim: (payload: P) => Promise<C | null>;
  /** The claimed row's lease, renewed while the attempt runs (lease.ts). */
  lease: (claim: C) => JobLease;
  /** The ids to put on every log line of the job (submission, run or pass). */
  logFields: (payload: P) => LogContext;
  work: (claim: C, context: JobContext) => Promise<R>;
  classify: (error: unknown, attempt: { last: boolean }) => ClassifiedError;
  /** Writes a failure on the row: `final` for a permanent failure or the last attempt, otherwise a retry note. */
  record: (claim: C, failure: { message: string; final: boolean }) => Promise<void>;
};

/**
 * The one lifecycle of every job (scoring, panel, attribution, audit steps): parse the payload, claim the row, run
 * the work, and on failure classify it and record it on the row. A permanent failure stops the job
 * (UnrecoverableError, no retry); a transient one is thrown again so BullMQ retries with backoff, and the last
 * attempt's failure is recorded as final. An attempt whose claim was taken over (LostClaimError, in the work or in
 * the recording) stops quietly: the row belongs to the later attempt. The row's lease is renewed from the claim until
 * the attempt ends, so the reconciler leaves a row alone exactly while someone works on it.
 */
export async function runClaimedJob<P, C, R>(
  job: Job,
  spec: ClaimedJob<P, C, R>,
): Promise<R | { skipped: true } | { superseded: true }> {
  const parsed = spec.parse.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid ${job.queueName} job payload`);
  const payload = parsed.data;
  return withLogContext({ queue: job.queueName, jobId: job.id, ...spec.logFields(payload) }, async () => {
    const claim = await spec.claim(payload);
    if (!claim) {
      log.info("nothing to do: the row is not queued or running");
      return { skipped: true as const };
    }
    const stopLease = keepLease(spec.lease(claim));
    try {
      // Queue progress is for dashboards only: Postgres holds the real progress, so a Redis hiccup must not fail the job.
      return await spec.work(claim, {
        job,
        onProgress: (percent) => job.updateProgress(percent).catch(() => undefined),
      });
    } catch (error) {
      if (error instanceof LostClaimError) {
        log.warn("superseded by a later attempt; stopping without writing");
        return { superseded: true as const };
      }
      const attempt = job.attemptsMade + 1;
      // A database outage never ends a job: past its last attempt, its row keeps its state and the reconciler queues
      // it again once the lease has passed (reconcile.ts), however long Postgres was away.
      const last = attempt >= (job.opts.attempts ?? 1) && !isDatabaseUnavailable(error);
      const { permanent, message } = spec.classify(error, { last });
      const final = permanent || last;
      log.error({ err: error, attempt, permanent, final }, `job attempt failed: ${message}`);
      try {
        await spec.record(claim, { message, final });
      } catch (recordError) {
        if (recordError instanceof LostClaimError) return { superseded: true as const };
        throw recordError;
      }
      throw permanent ? new UnrecoverableError(message) : error;
    } finally {
      stopLease();
    }
  });
}
