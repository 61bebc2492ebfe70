import type { Redis } from "ioredis";
import { env } from "../../../lib/env";
import { log } from "../../../lib/observability/log";
import { Prisma } from "../../../lib/generated/prisma/client";
import { auditJobId, auditQueue } from "../../../lib/queue/audit-queue";
import { workerSandbox, type SandboxChoice } from "../../../lib/sandbox/choose-sandbox";
import { describeIsolation, describeSandbox } from "../../../lib/contracts/sandbox-record";
import { finishRunIfComplete } from "../../../lib/server/audit-runs/finish-run";
import { isPassRunning, listUnfinishedRunIds } from "../../../lib/server/audit-runs/audit-run-store";
import { publishSandboxStatus } from "../../../lib/server/audit-runs/sandbox-status";
import { withSandboxMetrics } from "../../sandbox-metrics";
import { removeEndedRunDirs } from "./run-snapshot";
import { isPanelSandbox, panelSandboxIsOrphan } from "../panel/panel-sandbox";
import type { StrandedRows } from "../../jobs/reconcile";

// The in-house run side of the worker's start-up: the sandbox choice, sandboxes no running pass owns (a worker that
// died leaves its containers), runs whose last step ended unfinished, and which rows the reconciler looks at.

/**
 * The sandbox (SANDBOX, "auto" by default) and why, chosen once: in the log, for the web app, and for each run it
 * starts. Removes orphan sandboxes of audit passes and panel judges before any consumer starts.
 */
export async function prepareAuditSandbox(connection: Redis): Promise<SandboxChoice> {
  const chosen = await workerSandbox();
  const sandbox = { ...chosen, provider: chosen.provider && withSandboxMetrics(chosen.provider) };
  const { provider: sandboxes, ...record } = sandbox;
  const isolation = describeIsolation(record);
  log[sandboxes && !record.warning ? "info" : "warn"](
    { sandbox: record.kind },
    `sandbox: ${describeSandbox(record)}${isolation ? `. Isolation: ${isolation}` : ""}`,
  );
  if (!sandboxes && env.PANEL_SANDBOX === "on")
    log.warn("PANEL_SANDBOX=on, but without a sandbox panel judges work without one (their confidence capped)");
  await publishSandboxStatus(connection, record).catch((error) =>
    log.error({ err: error }, "could not publish the sandbox choice"),
  );
  const removed = sandboxes
    ? await sandboxes
        .removeOrphans(async (labels) =>
          isPanelSandbox(labels) ? panelSandboxIsOrphan(labels) : !(await isPassRunning(labels.passId)),
        )
        .catch((error) => {
          log.error({ sandbox: sandboxes.kind, err: error }, "could not list sandboxes for orphan removal");
          return 0;
        })
    : 0;
  log.info({ sandbox: record.kind, removedSandboxes: removed }, "audit sandbox ready");
  return sandbox;
}

/** Runs whose start was queued or cut short (its lease still set and passed): the start is queued again. */
export const strandedAuditStarts: StrandedRows = {
  queue: auditQueue,
  jobName: "start-run",
  table: "AuditRun",
  lease: "leaseUntil",
  pending: Prisma.sql`status = 'queued' OR (status = 'running' AND "leaseUntil" IS NOT NULL)`,
  payload: (runId) => ({ kind: "start-run", runId }),
  jobId: (runId) => auditJobId({ kind: "start-run", runId }),
  rowOf: (data) => {
    const job = auditQueue.payload.safeParse(data).data;
    return job?.kind === "start-run" ? job.runId : undefined;
  },
};

/** Passes queued or running, of a running run, whose lease has passed: queued again. */
export const strandedAuditPasses: StrandedRows = {
  queue: auditQueue,
  jobName: "pass",
  table: "AuditPass",
  lease: "leaseUntil",
  pending: Prisma.sql`status IN ('queued', 'running')
    AND EXISTS (SELECT 1 FROM "AuditRun" r WHERE r.id = "runId" AND r.status = 'running')`,
  payload: (passId) => ({ kind: "pass", passId }),
  jobId: (passId) => auditJobId({ kind: "pass", passId }),
  rowOf: (data) => {
    const job = auditQueue.payload.safeParse(data).data;
    return job?.kind === "pass" ? job.passId : undefined;
  },
};

/**
 * At start-up: finishes runs whose last step ended while no worker could finish them, and removes ended runs'
 * directories.
 */
export async function finishEndedAuditRuns(): Promise<void> {
  for (const runId of await listUnfinishedRunIds()) await finishRunIfComplete(runId);
  await removeEndedRunDirs().catch((error) => log.error({ err: error }, "could not clean AUDIT_WORK_DIR"));
}
