import { db, disconnectDb } from "../lib/db";
import { env } from "../lib/env";
import { log } from "../lib/observability/log";
import { createRedisConnection } from "../lib/queue/connection";
import { attributionQueue, enqueueFindingReview, panelQueue } from "../lib/queue/finding-review-queues";
import { enqueueFixRankTests, fixRankQueue } from "../lib/queue/fix-rank-queue";
import { closeQueues } from "../lib/queue/queues";
import { enqueueScoring, scoringQueue } from "../lib/queue/scoring-queue";
import { webhookQueue } from "../lib/queue/webhook-queue";
import { startAuditWorker } from "./features/audit-runs/audit-worker";
import { startHeartbeat } from "./heartbeat";
import { createWorker } from "./jobs/create-worker";
import { startMetricsPublisher } from "./metrics-publisher";
import { closeWithin } from "./shutdown";
import { processAttributionJob, processPanelJob } from "./processors/finding-review";
import { processFixRankJob, processScoringJob } from "./processors/scoring";
import { processWebhookJob } from "./processors/webhook";

// The worker process: jobs from Redis, state in Postgres. Many workers may share one Redis.
async function main(): Promise<void> {
  const connection = createRedisConnection();
  const options = { connection, concurrency: env.WORKER_CONCURRENCY };
  const workers = [
    createWorker(scoringQueue, processScoringJob, options),
    createWorker(panelQueue, processPanelJob, options),
    createWorker(attributionQueue, processAttributionJob, options),
    // Fix-rank recomputations are short and rare: one at a time.
    createWorker(fixRankQueue, processFixRankJob, { connection, concurrency: 1 }),
    // Webhook deliveries: short network calls, many at once; a stalled one is simply sent again (same webhook-id).
    createWorker(webhookQueue, processWebhookJob, { connection, concurrency: 16 }),
  ];
  for (const worker of workers) await worker.waitUntilReady();

  // Rows are written before jobs are queued: re-queue any row whose job was lost (e.g. Redis was down).
  const orphans = await db.submission.findMany({ where: { scoringStatus: "queued" }, select: { id: true } });
  for (const { id } of orphans) await enqueueScoring(id);
  for (const run of await db.panelRun.findMany({ where: { status: "queued" }, select: { id: true, updatedAt: true } }))
    await enqueueFindingReview("panel", run.id, run.updatedAt.getTime());
  for (const run of await db.attributionRun.findMany({
    where: { status: "queued" },
    select: { id: true, updatedAt: true },
  }))
    await enqueueFindingReview("attribution", run.id, run.updatedAt.getTime());
  // Fix dates imported while their job was lost: a run still marked "no fix dates" in a version that has them.
  for (const b of await db.benchmark.findMany({
    where: {
      repositories: { some: { referenceBugs: { some: { fixedAt: { not: null } } } } },
      submissions: { some: { fixRankTests: { some: { reason: "no_fix_dates" } } } },
    },
    select: { id: true },
  }))
    await enqueueFixRankTests(b.id);
  log.info(
    { concurrency: env.WORKER_CONCURRENCY, requeued: orphans.length },
    "worker ready on the scoring, panel, attribution, fix-rank and webhook queues",
  );
  const auditWorker = await startAuditWorker(connection);
  const stopHeartbeat = startHeartbeat(env.WORKER_HEARTBEAT_FILE, connection, () => workers[0]!.isRunning());
  const stopMetrics = startMetricsPublisher(connection);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "worker stopping: finishing active jobs");
    stopHeartbeat();
    await closeWithin(connection, [auditWorker, ...workers], env.WORKER_SHUTDOWN_MS, async () => {
      await stopMetrics();
      await closeQueues();
      await disconnectDb();
    });
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  log.fatal({ err: error }, "worker failed to start");
  process.exit(1);
});
