import "server-only";
import { Worker } from "bullmq";
import { db, disconnectDb } from "../lib/db";
import { env } from "../lib/env";
import { createRedisConnection } from "../lib/queue/connection";
import { ATTRIBUTION_QUEUE, FIX_RANK_QUEUE, PANEL_QUEUE, SCORING_QUEUE, closeQueues, enqueueAnalysis, enqueueFixRankTests, enqueueScoring, type AnalysisJob, type FixRankJob, type ScoringJob } from "../lib/queue/queues";
import { startHeartbeat } from "./heartbeat";
import { processAttributionJob, processPanelJob } from "./processors/analysis";
import { processFixRankJob, processScoringJob } from "./processors/scoring";
import { startAuditWorker } from "./audit-worker";
import { WEBHOOK_QUEUE, closeWebhookQueue, type WebhookJob } from "../lib/queue/webhook-queue";
import { processWebhookJob } from "./processors/webhook";

// The worker process: scoring jobs from Redis, state in Postgres. Many workers may share one Redis.
async function main(): Promise<void> {
  const connection = createRedisConnection();
  const worker = new Worker<ScoringJob>(SCORING_QUEUE, processScoringJob, {
    connection,
    concurrency: env.WORKER_CONCURRENCY,
    // Scoring yields the event loop (prefilter in slices), so the lock is renewed on time; a short lock lets a job whose
    // worker died be handed on quickly. Fencing tokens (claim-submission.ts) keep a lapsed lock from doing harm.
    lockDuration: env.WORKER_LOCK_MS,
    stalledInterval: Math.min(30_000, env.WORKER_LOCK_MS),
    maxStalledCount: env.WORKER_MAX_STALLED,
  });
  worker.on("failed", (job, error) => console.error(`job ${job?.id} failed: ${error.message}`));
  worker.on("completed", (job) => console.log(`job ${job.id} completed`));
  // Panel validation and bug-type attribution: their own queues, same lock and stall settings as scoring.
  const analysisWorkers = ([[PANEL_QUEUE, processPanelJob], [ATTRIBUTION_QUEUE, processAttributionJob]] as const).map(([queue, processor]) => {
    const w = new Worker<AnalysisJob>(queue, processor, {
      connection,
      concurrency: env.WORKER_CONCURRENCY,
      lockDuration: env.WORKER_LOCK_MS,
      stalledInterval: Math.min(30_000, env.WORKER_LOCK_MS),
      maxStalledCount: env.WORKER_MAX_STALLED,
    });
    w.on("failed", (job, error) => console.error(`${queue} job ${job?.id} failed: ${error.message}`));
    return w;
  });
  // Webhook deliveries: short network calls, many at once; a stalled one is simply sent again (same webhook-id).
  const webhookWorker = new Worker<WebhookJob>(WEBHOOK_QUEUE, processWebhookJob, { connection, concurrency: 16 });
  webhookWorker.on("failed", (job, error) => console.error(`${WEBHOOK_QUEUE} job ${job?.id} failed: ${error.message}`));
  const fixRankWorker = new Worker<FixRankJob>(FIX_RANK_QUEUE, processFixRankJob, { connection, concurrency: 1, lockDuration: env.WORKER_LOCK_MS, stalledInterval: Math.min(30_000, env.WORKER_LOCK_MS), maxStalledCount: env.WORKER_MAX_STALLED });
  fixRankWorker.on("failed", (job, error) => console.error(`${FIX_RANK_QUEUE} job ${job?.id} failed: ${error.message}`));
  await worker.waitUntilReady();
  for (const w of analysisWorkers) await w.waitUntilReady();
  await webhookWorker.waitUntilReady();
  await fixRankWorker.waitUntilReady();

  // Rows are written before jobs are queued: re-queue any submission whose job was lost (e.g. Redis was down).
  const orphans = await db.submission.findMany({ where: { scoringStatus: "queued" }, select: { id: true } });
  for (const { id } of orphans) await enqueueScoring(id);
  for (const run of await db.panelRun.findMany({ where: { status: "queued" }, select: { id: true, updatedAt: true } })) await enqueueAnalysis("panel", run.id, run.updatedAt.getTime());
  for (const run of await db.attributionRun.findMany({ where: { status: "queued" }, select: { id: true, updatedAt: true } })) await enqueueAnalysis("attribution", run.id, run.updatedAt.getTime());
  // Fix dates imported while their job was lost: a run still marked "no fix dates" in a version that has them.
  for (const b of await db.benchmark.findMany({ where: { repositories: { some: { referenceBugs: { some: { fixedAt: { not: null } } } } }, submissions: { some: { fixRankTests: { some: { reason: "no_fix_dates" } } } } }, select: { id: true } })) await enqueueFixRankTests(b.id);
  console.log(`probebench worker ready on ${SCORING_QUEUE} (concurrency ${env.WORKER_CONCURRENCY}); re-queued ${orphans.length}`);
  const auditWorker = await startAuditWorker(connection);
  const stopHeartbeat = startHeartbeat(env.WORKER_HEARTBEAT_FILE, connection, () => worker.isRunning());

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`worker received ${signal}, finishing active jobs...`);
    stopHeartbeat();
    await worker.close();
    await auditWorker.close();
    for (const w of analysisWorkers) await w.close();
    await webhookWorker.close();
    await fixRankWorker.close();
    await closeQueues();
    await closeWebhookQueue();
    await disconnectDb();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  console.error("worker failed to start:", error);
  process.exit(1);
});
