import "server-only";
import { UnrecoverableError, type Job } from "bullmq";
import { auditJobSchema, type AuditJob } from "../../lib/queue/audit-queue";
import type { SandboxChoice } from "../../lib/sandbox/choose-sandbox";
import { noSandboxMessage } from "../../lib/sandbox/sandbox-record";
import { classifyAuditError } from "../services/audit-model";
import { failAuditPass, LostPassClaimError, runAuditPass } from "../services/audit-run-pass";
import { failAuditRun, startAuditRun } from "../services/audit-start-run";

// Thin processor for the audit queue: validate the payload, call the service, record failures that retrying cannot
// fix (or the last attempt's) on the row. Transient ones are thrown so BullMQ retries the job.
// Without a sandbox (SANDBOX=off, or auto found none) runs and passes fail at once with the reason.
export function createAuditProcessor(sandbox: SandboxChoice) {
  return async function processAuditJob(job: Job<AuditJob>): Promise<unknown> {
    const parsed = auditJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError("invalid audit job payload");
    const data = parsed.data;
    try {
      if (!sandbox.provider) throw new UnrecoverableError(noSandboxMessage(sandbox));
      const { provider: _provider, ...record } = sandbox;
      if (data.kind === "start-run") return await startAuditRun(data.runId, undefined, record);
      return await runAuditPass(data.passId, sandbox.provider);
    } catch (error) {
      if (error instanceof LostPassClaimError) return { superseded: true };
      const { permanent, message } = error instanceof UnrecoverableError ? { permanent: true, message: error.message } : classifyAuditError(error);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      console.error(`audit job ${job.id} failed (attempt ${job.attemptsMade + 1}):`, error);
      if (permanent || lastAttempt) {
        if (data.kind === "start-run") await failAuditRun(data.runId, message);
        else await failAuditPass(data.passId, message);
        throw new UnrecoverableError(message);
      }
      throw error;
    }
  };
}
