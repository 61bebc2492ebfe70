import type { Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { z } from "zod";
import { disconnectDb } from "../lib/db";
import { env } from "../lib/env";
import { log } from "../lib/observability/log";
import { auditQueue } from "../lib/queue/audit-queue";
import { benchmarkBuildQueue } from "../lib/queue/benchmark-build-queue";
import { createRedisConnection } from "../lib/queue/connection";
import type { QueueDefinition } from "../lib/queue/define-queue";
import { attributionQueue, panelQueue, referenceAttributionQueue } from "../lib/queue/finding-review-queues";
import { datasheetQueue } from "../lib/queue/datasheet-queue";
import { fixRankQueue } from "../lib/queue/fix-rank-queue";
import { judgeTrialQueue } from "../lib/queue/judge-trial-queue";
import { closeQueues } from "../lib/queue/queues";
import { scoringQueue } from "../lib/queue/scoring-queue";
import { webhookQueue } from "../lib/queue/webhook-queue";
import type { SandboxChoice } from "../lib/sandbox/choose-sandbox";
import { requeueLostBuildStages } from "../lib/server/benchmark-builds/queue-build-stage";
import { bindWebhookSecrets } from "../lib/server/webhooks/bind-webhook-secrets";
import { requeueLostAttributions, requeueLostReferenceAttributions } from "./features/attribution/recovery";
import { prepareAuditSandbox, requeueLostAuditRuns } from "./features/audit-runs/recovery";
import { requeueLostJudgeTrials } from "./features/judge-trial/recovery";
import { requeueLostPanels } from "./features/panel/recovery";
import { startPrefilterThread } from "./features/scoring/prefilter-client";
import { requeueLostScoring } from "./features/scoring/recovery";
import { startHeartbeat } from "./heartbeat";
import { createWorker } from "./jobs/create-worker";
import { startMetricsPublisher } from "./metrics-publisher";
import { closeWithin } from "./shutdown";
import { processAttributionJob } from "./processors/attribution";
import { processReferenceAttributionJob } from "./processors/reference-attribution";
import { createAuditProcessor } from "./processors/audit-run";
import { processBenchmarkBuildJob } from "./processors/benchmark-build";
import { processDatasheetJob, requeueLostDatasheets } from "./processors/datasheet";
import { processFixRankJob, requeueLostFixRankTests } from "./processors/fix-rank";
import { processJudgeTrialJob } from "./processors/judge-trial";
import { processPanelJob } from "./processors/panel";
import { processScoringJob } from "./processors/scoring";
import { processWebhookJob } from "./processors/webhook";

/** One queue's consumer: its processor, how many jobs at once, and how it re-queues rows whose job was lost. */
type Consumer = {
  queue: QueueDefinition<z.ZodType>;
  /** `token` is the job lock's, for a processor that moves its job back to the delayed set (webhook.ts). */
  process: (job: Job, token?: string) => Promise<unknown>;
  concurrency: number;
  /** Rows are written before jobs are queued: re-queues every row whose job was lost (e.g. Redis was down). */
  recover?: () => Promise<number>;
};

/** The one list of the worker's consumers. */
function consumers(auditSandbox: SandboxChoice): Consumer[] {
  return [
    {
      queue: scoringQueue,
      process: processScoringJob,
      concurrency: env.WORKER_CONCURRENCY,
      recover: requeueLostScoring,
    },
    { queue: panelQueue, process: processPanelJob, concurrency: env.WORKER_CONCURRENCY, recover: requeueLostPanels },
    {
      queue: attributionQueue,
      process: processAttributionJob,
      concurrency: env.WORKER_CONCURRENCY,
      recover: requeueLostAttributions,
    },
    // A version's reference bugs under one classifier configuration: rare (once per version and configuration).
    {
      queue: referenceAttributionQueue,
      process: processReferenceAttributionJob,
      concurrency: 1,
      recover: requeueLostReferenceAttributions,
    },
    // Fix-rank recomputations are short and rare: one at a time.
    { queue: fixRankQueue, process: processFixRankJob, concurrency: 1, recover: requeueLostFixRankTests },
    // Datasheets: a few seconds of fitting per version, after imports only.
    { queue: datasheetQueue, process: processDatasheetJob, concurrency: 1, recover: requeueLostDatasheets },
    // Candidate-judge trials: an admin's rare, bounded job; one at a time (its calls run concurrently inside).
    { queue: judgeTrialQueue, process: processJudgeTrialJob, concurrency: 1, recover: requeueLostJudgeTrials },
    // Benchmark builds: an admin's rare, long job; one stage at a time (its model calls run concurrently inside).
    {
      queue: benchmarkBuildQueue,
      process: processBenchmarkBuildJob,
      concurrency: 1,
      recover: requeueLostBuildStages,
    },
    // Webhook deliveries: short network calls, many at once; a stalled one is simply sent again (same webhook-id).
    { queue: webhookQueue, process: processWebhookJob, concurrency: 16 },
    // A pass waits on the model and the sandbox, never on the CPU, so its lock is renewed on time.
    {
      queue: auditQueue,
      process: createAuditProcessor(auditSandbox),
      concurrency: env.AUDIT_CONCURRENCY,
      recover: requeueLostAuditRuns,
    },
  ];
}

async function startConsumers(connection: Redis, list: Consumer[]): Promise<Worker[]> {
  const workers = list.map((c) => createWorker(c.queue, c.process, { connection, concurrency: c.concurrency }));
  for (const worker of workers) await worker.waitUntilReady();
  const requeued: Record<string, number> = {};
  for (const c of list) if (c.recover) requeued[c.queue.name] = await c.recover();
  log.info(
    { concurrency: Object.fromEntries(list.map((c) => [c.queue.name, c.concurrency])), requeued },
    `worker ready on ${list.map((c) => c.queue.name).join(", ")}`,
  );
  return workers;
}

// The worker process: jobs from Redis, state in Postgres. Many workers may share one Redis.
async function main(): Promise<void> {
  const connection = createRedisConnection();
  // Before any consumer starts: the sandbox choice, and orphan sandboxes of dead workers removed.
  const auditSandbox = await prepareAuditSandbox(connection);
  await bindWebhookSecrets();
  startPrefilterThread();
  const workers = await startConsumers(connection, consumers(auditSandbox));
  // Liveness follows the scoring consumer, the first of the list.
  const stopHeartbeat = startHeartbeat(env.WORKER_HEARTBEAT_FILE, connection, () => workers[0]!.isRunning());
  const stopMetrics = startMetricsPublisher(connection);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "worker stopping: finishing active jobs");
    stopHeartbeat();
    await closeWithin(connection, workers, env.WORKER_SHUTDOWN_MS, async () => {
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
