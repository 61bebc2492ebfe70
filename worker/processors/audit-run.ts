import type { Job } from "bullmq";
import { AppError } from "../../lib/errors";
import { auditQueue } from "../../lib/queue/audit-queue";
import type { SandboxChoice } from "../../lib/sandbox/choose-sandbox";
import { noSandboxMessage } from "../../lib/contracts/sandbox-record";
import { classifyAuditError } from "../jobs/classify-job-error";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { claimPass, failAuditPass, runAuditPass, type PassClaim } from "../features/audit-runs/run-pass";
import { failAuditRun, startAuditRun } from "../features/audit-runs/start-run";

type AuditClaim = { kind: "start-run"; runId: string } | { kind: "pass"; pass: PassClaim };

// The audit queue: starting a run (its own queued -> running step, safe to repeat) and one pass (fenced claim). Only
// a failure retrying cannot fix, or the last attempt's, is written on the row. Without a sandbox (SANDBOX=off, or auto
// found none) runs and passes fail at once with the reason.
export function createAuditProcessor(sandbox: SandboxChoice) {
  const { provider, ...record } = sandbox;
  return (job: Job): Promise<unknown> =>
    runClaimedJob<typeof auditQueue.payload._output, AuditClaim, unknown>(job, {
      parse: auditQueue.payload,
      claim: async (data) => {
        if (data.kind === "start-run") return data;
        const pass = await claimPass(data.passId);
        return pass && { kind: "pass", pass };
      },
      logFields: (data) => (data.kind === "start-run" ? { runId: data.runId } : { passId: data.passId }),
      classify: classifyAuditError,
      record: async (claim, { message, final }) => {
        if (!final) return;
        if (claim.kind === "start-run") await failAuditRun(claim.runId, message);
        else await failAuditPass(claim.pass.passId, message);
      },
      work: async (claim) => {
        if (!provider) throw new AppError("unavailable", noSandboxMessage(record));
        return claim.kind === "start-run"
          ? startAuditRun(claim.runId, undefined, record)
          : runAuditPass(claim.pass, provider);
      },
    });
}
