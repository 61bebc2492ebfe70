import type { Redis } from "ioredis";
import { db } from "../lib/db";
import { env } from "../lib/env";
import { log } from "../lib/observability/log";
import { auditQueue, enqueueAuditJob } from "../lib/queue/audit-queue";
import { createSandboxProvider } from "../lib/sandbox/create-sandbox-provider";
import { finishRunIfComplete } from "../lib/server/runs/finish-run";
import { createWorker } from "./jobs/create-worker";
import { createAuditProcessor } from "./processors/audit-run";
import { withSandboxMetrics } from "./sandbox-metrics";
import { removeEndedRunDirs } from "./services/audit-snapshot";
import { isPanelSandbox, panelSandboxIsOrphan } from "./services/panel-sandbox";

/**
 * The in-house run side of the worker: removes sandboxes no running pass owns (a worker that died leaves its
 * containers), re-queues steps whose jobs were lost (rows are written before jobs), and processes the audit queue.
 */
export async function startAuditWorker(connection: Redis): Promise<{ close: () => Promise<void> }> {
  const sandboxes = withSandboxMetrics(createSandboxProvider());
  const removed = await sandboxes
    .removeOrphans(async (labels) =>
      isPanelSandbox(labels) ? panelSandboxIsOrphan(labels) : (await db.auditPass.findUnique({ where: { id: labels.passId }, select: { status: true } }))?.status !== "running",
    )
    .catch((error) => {
      log.error({ sandbox: sandboxes.kind, err: error }, "could not list sandboxes for orphan removal");
      return 0;
    });
  // A pass waits on the model and the sandbox, never on the CPU, so its lock is renewed on time.
  const worker = createWorker(auditQueue, createAuditProcessor(sandboxes), { connection, concurrency: env.AUDIT_CONCURRENCY });
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
  await removeEndedRunDirs().catch((error) => log.error({ err: error }, "could not clean AUDIT_WORK_DIR"));
  log.info({ sandbox: sandboxes.kind, concurrency: env.AUDIT_CONCURRENCY, removedSandboxes: removed, requeuedRuns: queued.length }, "audit worker ready on the audit queue");
  return {
    close: async () => {
      await worker.close();
    },
  };
}
