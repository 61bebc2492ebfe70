import "server-only";
import { Queue } from "bullmq";
import { z } from "zod";
import { env } from "../env";
import { createRedisConnection } from "./connection";
import { retryingJobOptions } from "./job-options";

// In-house audit runs: one job to start a run (context documents, then its passes' jobs) and one job per pass (the
// unit of retry); whichever pass ends last finishes the run (lib/server/runs/finish-run.ts). Jobs carry ids only; rows carry state. Job ids are derived from the rows, so
// queueing the same step twice is a no-op.
export const AUDIT_QUEUE = "audit-queue";

export const auditJobSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("start-run"), runId: z.string().min(1) }),
  z.object({ kind: z.literal("pass"), passId: z.string().min(1) }),
]);
export type AuditJob = z.infer<typeof auditJobSchema>;

const globalForQueue = globalThis as unknown as { auditQueue?: Queue<AuditJob> };

export function getAuditQueue(): Queue<AuditJob> {
  if (!globalForQueue.auditQueue) {
    globalForQueue.auditQueue = new Queue<AuditJob>(AUDIT_QUEUE, {
      connection: createRedisConnection(),
      // A pass whose worker died is handed on by BullMQ's stalled-job check and starts again from its prompt; a pass
      // that failed on a transient model error is retried. AUDIT_ATTEMPTS bounds both.
      defaultJobOptions: retryingJobOptions(env.AUDIT_ATTEMPTS, 5_000),
    });
  }
  return globalForQueue.auditQueue;
}

export function auditJobId(job: AuditJob): string {
  return job.kind === "pass" ? `pass-${job.passId}` : `${job.kind}-${job.runId}`;
}

export async function enqueueAuditJob(job: AuditJob, queue: Queue<AuditJob> = getAuditQueue()): Promise<void> {
  await queue.add(job.kind, job, { jobId: auditJobId(job) });
}

export async function closeAuditQueue(): Promise<void> {
  if (globalForQueue.auditQueue) {
    await globalForQueue.auditQueue.close();
    globalForQueue.auditQueue = undefined;
  }
}
