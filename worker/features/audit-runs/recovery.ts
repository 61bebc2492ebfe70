import type { Redis } from "ioredis";
import { db } from "../../../lib/db";
import { env } from "../../../lib/env";
import { log } from "../../../lib/observability/log";
import { enqueueAuditJob } from "../../../lib/queue/audit-queue";
import { workerSandbox, type SandboxChoice } from "../../../lib/sandbox/choose-sandbox";
import { describeIsolation, describeSandbox } from "../../../lib/contracts/sandbox-record";
import { finishRunIfComplete } from "../../../lib/server/audit-runs/finish-run";
import { publishSandboxStatus } from "../../../lib/server/audit-runs/sandbox-status";
import { withSandboxMetrics } from "../../sandbox-metrics";
import { removeEndedRunDirs } from "./run-snapshot";
import { isPanelSandbox, panelSandboxIsOrphan } from "../panel/panel-sandbox";

// The in-house run side of the worker's start-up: the sandbox choice, sandboxes no running pass owns (a worker that
// died leaves its containers), and steps whose jobs were lost (rows are written before jobs).

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
          isPanelSandbox(labels)
            ? panelSandboxIsOrphan(labels)
            : (await db.auditPass.findUnique({ where: { id: labels.passId }, select: { status: true } }))?.status !==
              "running",
        )
        .catch((error) => {
          log.error({ sandbox: sandboxes.kind, err: error }, "could not list sandboxes for orphan removal");
          return 0;
        })
    : 0;
  log.info({ sandbox: record.kind, removedSandboxes: removed }, "audit sandbox ready");
  return sandbox;
}

/**
 * Re-queues queued runs and the queued passes of running runs, finishes runs whose last step ended meanwhile, and
 * removes ended runs' directories; returns how many runs were re-queued.
 */
export async function requeueLostAuditRuns(): Promise<number> {
  const queued = await db.auditRun.findMany({ where: { status: "queued" }, select: { id: true } });
  for (const { id } of queued) await enqueueAuditJob({ kind: "start-run", runId: id });
  const running = await db.auditRun.findMany({
    where: { status: { in: ["running", "over_budget", "cancelled"] }, finishedAt: null },
    select: { id: true, status: true },
  });
  for (const run of running) {
    if (run.status === "running") {
      const passes = await db.auditPass.findMany({ where: { runId: run.id, status: "queued" }, select: { id: true } });
      for (const p of passes) await enqueueAuditJob({ kind: "pass", passId: p.id });
    }
    await finishRunIfComplete(run.id);
  }
  await removeEndedRunDirs().catch((error) => log.error({ err: error }, "could not clean AUDIT_WORK_DIR"));
  return queued.length;
}
