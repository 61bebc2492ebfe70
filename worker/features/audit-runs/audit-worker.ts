import type { Redis } from "ioredis";
import { db } from "../../../lib/db";
import { env } from "../../../lib/env";
import { log } from "../../../lib/observability/log";
import { auditQueue, enqueueAuditJob } from "../../../lib/queue/audit-queue";
import { workerSandbox } from "../../../lib/sandbox/choose-sandbox";
import { describeSandbox } from "../../../lib/sandbox/sandbox-record";
import { finishRunIfComplete } from "../../../lib/server/audit-runs/finish-run";
import { publishSandboxStatus } from "../../../lib/server/audit-runs/sandbox-status";
import { createWorker } from "../../jobs/create-worker";
import { createAuditProcessor } from "../../processors/audit-run";
import { withSandboxMetrics } from "../../sandbox-metrics";
import { removeEndedRunDirs } from "./run-snapshot";
import { isPanelSandbox, panelSandboxIsOrphan } from "../panel/panel-sandbox";

/**
 * The in-house run side of the worker: removes sandboxes no running pass owns (a worker that died leaves its
 * containers), re-queues steps whose jobs were lost (rows are written before jobs), and processes the audit queue.
 */
export async function startAuditWorker(connection: Redis): Promise<{ close: (force?: boolean) => Promise<void> }> {
  // The sandbox (SANDBOX, "auto" by default) and why, once: in the log, for the web app, and on each run it starts.
  const chosen = await workerSandbox();
  const sandbox = { ...chosen, provider: chosen.provider && withSandboxMetrics(chosen.provider) };
  const { provider: sandboxes, ...record } = sandbox;
  log[sandboxes && !record.warning ? "info" : "warn"]({ sandbox: record.kind }, `sandbox: ${describeSandbox(record)}`);
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
  // A pass waits on the model and the sandbox, never on the CPU, so its lock is renewed on time.
  const worker = createWorker(auditQueue, createAuditProcessor(sandbox), {
    connection,
    concurrency: env.AUDIT_CONCURRENCY,
  });
  await worker.waitUntilReady();
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
  log.info(
    {
      sandbox: record.kind,
      concurrency: env.AUDIT_CONCURRENCY,
      removedSandboxes: removed,
      requeuedRuns: queued.length,
    },
    "audit worker ready on the audit queue",
  );
  return {
    close: async (force?: boolean) => {
      await worker.close(force);
    },
  };
}
