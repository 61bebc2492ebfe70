import { z } from "zod";
import { env } from "../env";
import { defineQueue } from "./define-queue";
import { retryingJobOptions } from "./job-options";

// In-house audit runs: one job to start a run (context documents, then its passes' jobs) and one job per pass (the
// unit of retry); whichever pass ends last finishes the run (lib/server/audit-runs/finish-run.ts). Job ids are derived from
// the rows, so queueing the same step twice is a no-op. A pass whose worker died is handed on by BullMQ's stalled-job
// check and starts again from its prompt; a pass that failed on a transient model error is retried. AUDIT_ATTEMPTS
// bounds both.
export const auditQueue = defineQueue(
  "audit-queue",
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("start-run"), runId: z.string().min(1) }),
    z.object({ kind: z.literal("pass"), passId: z.string().min(1) }),
  ]),
  () => retryingJobOptions(env.AUDIT_ATTEMPTS, 5_000),
);
export type AuditJob = z.infer<typeof auditQueue.payload>;

export function auditJobId(job: AuditJob): string {
  return job.kind === "pass" ? `pass-${job.passId}` : `${job.kind}-${job.runId}`;
}

export async function enqueueAuditJob(job: AuditJob, queue = auditQueue.queue()): Promise<void> {
  await queue.add(job.kind, job, { jobId: auditJobId(job) });
}
