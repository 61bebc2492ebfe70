import type { Job } from "bullmq";
import { AppError } from "../../lib/errors";
import { auditQueue } from "../../lib/queue/audit-queue";
import type { SandboxChoice } from "../../lib/sandbox/choose-sandbox";
import { noSandboxMessage } from "../../lib/contracts/sandbox-record";
import { classifyAuditError } from "../jobs/classify-job-error";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { failAuditPass, runAuditPass } from "../features/audit-runs/run-pass";
import { failAuditRun, startAuditRun } from "../features/audit-runs/start-run";
import {
  claimPass,
  claimRunStart,
  endRunStart,
  PASS,
  RUN_START,
  type PassClaim,
  type RunStartClaim,
} from "../features/audit-runs/claim-audit-run";

type AuditClaim = { kind: "start-run"; start: RunStartClaim } | { kind: "pass"; pass: PassClaim };

// The audit queue: starting a run (fenced and leased until every pass is queued, safe to repeat) and one pass. Only
// a failure retrying cannot fix, or the last attempt's, is written on the row. Without a sandbox (SANDBOX=off, or auto
// found none) runs and passes fail at once with the reason.
export function createAuditProcessor(sandbox: SandboxChoice) {
  const { provider, ...record } = sandbox;
  return (job: Job): Promise<unknown> =>
    runClaimedJob<typeof auditQueue.payload._output, AuditClaim, unknown>(job, {
      parse: auditQueue.payload,
      claim: async (data) => {
        if (data.kind === "start-run") {
          const start = await claimRunStart(data.runId);
          return start && { kind: "start-run", start };
        }
        const pass = await claimPass(data.passId);
        return pass && { kind: "pass", pass };
      },
      lease: (claim) =>
        claim.kind === "start-run"
          ? { fenced: RUN_START, id: claim.start.runId, token: claim.start.token }
          : { fenced: PASS, id: claim.pass.passId, token: claim.pass.token },
      logFields: (data) => (data.kind === "start-run" ? { runId: data.runId } : { passId: data.passId }),
      classify: classifyAuditError,
      record: async (claim, { message, final }) => {
        if (!final) return;
        if (claim.kind === "start-run") await failAuditRun(claim.start.runId, message);
        else await failAuditPass(claim.pass.passId, message);
      },
      work: async (claim) => {
        if (!provider) throw new AppError("unavailable", noSandboxMessage(record));
        if (claim.kind === "pass") return runAuditPass(claim.pass, provider);
        const started = await startAuditRun(claim.start.runId, undefined, record);
        await endRunStart(claim.start);
        return started;
      },
    });
}
