import "server-only";
import { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { db } from "../lib/db";
import { env } from "../lib/env";
import { AUDIT_QUEUE, closeAuditQueue, enqueueAuditJob, type AuditJob } from "../lib/queue/audit-queue";
import { workerSandbox } from "../lib/sandbox/choose-sandbox";
import { describeSandbox } from "../lib/sandbox/sandbox-record";
import { publishSandboxStatus } from "../lib/server/runs/sandbox-status";
import { finishRunIfComplete } from "../lib/server/runs/finish-run";
import { createAuditProcessor } from "./processors/audit-run";
import { removeEndedRunDirs } from "./services/audit-snapshot";
import { isPanelSandbox, panelSandboxIsOrphan } from "./services/panel-sandbox";

/**
 * The in-house run side of the worker: removes sandboxes no running pass owns (a worker that died leaves its
 * containers), re-queues steps whose jobs were lost (rows are written before jobs), and processes the audit queue.
 */
export async function startAuditWorker(connection: Redis): Promise<{ close: () => Promise<void> }> {
  // The sandbox (SANDBOX, "auto" by default) and why, once: in the log, for the web app, and on each run it starts.
  const sandbox = await workerSandbox();
  const { provider: sandboxes, ...record } = sandbox;
  (sandboxes && !record.warning ? console.log : console.warn)(`sandbox: ${describeSandbox(record)}`);
  if (!sandboxes && env.PANEL_SANDBOX === "on") console.warn("PANEL_SANDBOX=on, but without a sandbox panel judges work without one (their confidence capped)");
  await publishSandboxStatus(connection, record).catch((error) => console.error("could not publish the sandbox choice:", error instanceof Error ? error.message : error));
  const removed = sandboxes
    ? await sandboxes
        .removeOrphans(async (labels) =>
          isPanelSandbox(labels) ? panelSandboxIsOrphan(labels) : (await db.auditPass.findUnique({ where: { id: labels.passId }, select: { status: true } }))?.status !== "running",
        )
        .catch((error) => {
          console.error(`could not list ${sandboxes.kind} sandboxes for orphan removal:`, error instanceof Error ? error.message : error);
          return 0;
        })
    : 0;
  const worker = new Worker<AuditJob>(AUDIT_QUEUE, createAuditProcessor(sandbox), {
    connection,
    concurrency: env.AUDIT_CONCURRENCY,
    // A pass waits on the model and the sandbox, never on the CPU, so its lock is renewed on time; when its worker
    // dies, the stalled check hands the pass on within WORKER_LOCK_MS.
    lockDuration: env.WORKER_LOCK_MS,
    stalledInterval: Math.min(30_000, env.WORKER_LOCK_MS),
    maxStalledCount: env.WORKER_MAX_STALLED,
  });
  worker.on("failed", (job, error) => console.error(`audit job ${job?.id} failed: ${error.message}`));
  await worker.waitUntilReady();
  const queued = await db.auditRun.findMany({ where: { status: "queued" }, select: { id: true } });
  for (const { id } of queued) await enqueueAuditJob({ kind: "start-run", runId: id });
  const running = await db.auditRun.findMany({ where: { status: { in: ["running", "over_budget", "cancelled"] }, finishedAt: null }, select: { id: true, status: true } });
  for (const run of running) {
    if (run.status === "running") {
      const passes = await db.auditPass.findMany({ where: { runId: run.id, status: "queued" }, select: { id: true } });
      for (const p of passes) await enqueueAuditJob({ kind: "pass", passId: p.id });
    }
    await finishRunIfComplete(run.id);
  }
  await removeEndedRunDirs().catch((error) => console.error("could not clean AUDIT_WORK_DIR:", error));
  console.log(`audit worker ready on ${AUDIT_QUEUE} (sandbox ${record.kind}, concurrency ${env.AUDIT_CONCURRENCY}); removed ${removed} orphaned sandboxes, re-queued ${queued.length} runs`);
  return {
    close: async () => {
      await worker.close();
      await closeAuditQueue();
    },
  };
}
