import type { Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { z } from "zod";
import { disconnectDb } from "../lib/db";
import { env } from "../lib/env";
import { log } from "../lib/observability/log";
import { auditQueue } from "../lib/queue/audit-queue";
import { benchmarkBuildQueue } from "../lib/queue/benchmark-build-queue";
import { createRedisConnection } from "../lib/queue/connection";
import { checkQueueStore } from "../lib/queue/queue-store";
import type { QueueDefinition } from "../lib/queue/define-queue";
import { attributionQueue, panelQueue, referenceAttributionQueue } from "../lib/queue/panel-attribution-queues";
import { datasheetQueue } from "../lib/queue/datasheet-queue";
import { fixRankQueue } from "../lib/queue/fix-rank-queue";
import { judgeTrialQueue } from "../lib/queue/judge-trial-queue";
import { repeatJudgingQueue } from "../lib/queue/repeat-judging-queue";
import { closeQueues } from "../lib/queue/queues";
import { scoringQueue } from "../lib/queue/scoring-queue";
import { webhookQueue } from "../lib/queue/webhook-queue";
import type { SandboxChoice } from "../lib/sandbox/choose-sandbox";
import { bindWebhookSecrets } from "../lib/server/webhooks/bind-webhook-secrets";
import {
  finishEndedAuditRuns,
  prepareAuditSandbox,
  strandedAuditPasses,
  strandedAuditStarts,
} from "./features/audit-runs/recovery";
import { strandedJudgeTrials } from "./features/grading/trial-recovery";
import { strandedRepeatJudgings } from "./features/grading/repeat-recovery";
import { startPrefilterThread } from "./features/scoring/prefilter-client";
import { strandedScoring } from "./features/scoring/recovery";
import { strandedPanelAttribution } from "./shared/stranded-panel-attribution";
import { startHeartbeat } from "./heartbeat";
import { createWorker } from "./jobs/create-worker";
import { failJobOfRejection } from "./jobs/job-scope";
import { startReconciler, type StrandedRows } from "./jobs/reconcile";
import { startMetricsPublisher } from "./metrics-publisher";
import { closeWithin } from "./shutdown";
import { processAttributionJob } from "./processors/attribution";
import { processReferenceAttributionJob } from "./processors/reference-attribution";
import { createAuditProcessor } from "./processors/audit-run";
import { processBenchmarkBuildJob, strandedBuildStages } from "./processors/benchmark-build";
import { processDatasheetJob, strandedDatasheets } from "./processors/datasheet";
import { processFixRankJob, strandedFixRankJobs } from "./processors/fix-rank";
import { processJudgeTrialJob } from "./processors/judge-trial";
import { processRepeatJudgingJob } from "./processors/repeat-judging";
import { processPanelJob } from "./processors/panel";
import { processScoringJob } from "./processors/scoring";
import { processWebhookJob, strandedWebhookDeliveries } from "./processors/webhook";

/** One queue's consumer: its processor, how many jobs at once, and which job rows it serves (for the reconciler). */
type Consumer = {
  queue: QueueDefinition<z.ZodType>;
  /** `token` is the job lock's, for a processor that moves its job back to the delayed set (webhook.ts). */
  process: (job: Job, token?: string) => Promise<unknown>;
  concurrency: number;
  /** The job rows of the queue: rows are written before jobs, and a row whose lease passed with its job lost is queued again. */
  rows: StrandedRows[];
};

/** The one list of the worker's consumers. */
function consumers(auditSandbox: SandboxChoice): Consumer[] {
  return [
    {
      queue: scoringQueue,
      process: processScoringJob,
      concurrency: env.WORKER_CONCURRENCY,
      rows: [strandedScoring],
    },
    {
      queue: panelQueue,
      process: processPanelJob,
      concurrency: env.WORKER_CONCURRENCY,
      rows: [strandedPanelAttribution("panel")],
    },
    {
      queue: attributionQueue,
      process: processAttributionJob,
      concurrency: env.WORKER_CONCURRENCY,
      rows: [strandedPanelAttribution("attribution")],
    },
    // A version's reference bugs under one classifier configuration: rare (once per version and configuration).
    {
      queue: referenceAttributionQueue,
      process: processReferenceAttributionJob,
      concurrency: 1,
      rows: [strandedPanelAttribution("reference-attribution")],
    },
    // Fix-rank recomputations are short and rare: one at a time.
    { queue: fixRankQueue, process: processFixRankJob, concurrency: 1, rows: [strandedFixRankJobs] },
    // Datasheets: a few seconds of fitting per version, after imports only.
    { queue: datasheetQueue, process: processDatasheetJob, concurrency: 1, rows: [strandedDatasheets] },
    // Candidate-judge trials: an admin's rare, bounded job; one at a time (its calls run concurrently inside).
    { queue: judgeTrialQueue, process: processJudgeTrialJob, concurrency: 1, rows: [strandedJudgeTrials] },
    // Repeats of a scoring's verdicts (§2.3's repeat agreement): as rare and bounded as trials.
    { queue: repeatJudgingQueue, process: processRepeatJudgingJob, concurrency: 1, rows: [strandedRepeatJudgings] },
    // Benchmark builds: an admin's rare, long job; one stage at a time (its model calls run concurrently inside).
    { queue: benchmarkBuildQueue, process: processBenchmarkBuildJob, concurrency: 1, rows: [strandedBuildStages] },
    // Webhook deliveries: short network calls, many at once; a stalled one is simply sent again (same webhook-id).
    { queue: webhookQueue, process: processWebhookJob, concurrency: 16, rows: [strandedWebhookDeliveries] },
    // A pass waits on the model and the sandbox, never on the CPU, so its lock is renewed on time.
    {
      queue: auditQueue,
      process: createAuditProcessor(auditSandbox),
      concurrency: env.AUDIT_CONCURRENCY,
      rows: [strandedAuditStarts, strandedAuditPasses],
    },
  ];
}

async function startConsumers(
  connection: Redis,
  list: Consumer[],
): Promise<{ workers: Worker[]; stopReconciler: () => Promise<void> }> {
  const workers = list.map((c) => createWorker(c.queue, c.process, { connection, concurrency: c.concurrency }));
  for (const worker of workers) await worker.waitUntilReady();
  await finishEndedAuditRuns();
  const reconciler = await startReconciler(
    list.flatMap((c) => c.rows),
    env.RECONCILE_INTERVAL_MS,
  );
  log.info(
    {
      concurrency: Object.fromEntries(list.map((c) => [c.queue.name, c.concurrency])),
      requeued: reconciler.first ?? "another worker reconciles",
    },
    `worker ready on ${list.map((c) => c.queue.name).join(", ")}`,
  );
  return { workers, stopReconciler: reconciler.stop };
}

// The worker process: jobs from Redis, state in Postgres. Many workers may share one Redis.
async function main(): Promise<void> {
  // Before anything runs: a stray rejection fails its job (jobs/job-scope.ts), never the whole process.
  process.on("unhandledRejection", failJobOfRejection);
  // An evicting Redis drops jobs silently: refused before anything is consumed (or logged, REDIS_EVICTION_CHECK=warn).
  const store = await checkQueueStore();
  for (const warning of store.warnings) log.warn(warning);
  if (store.refusal && env.REDIS_EVICTION_CHECK === "refuse") throw new Error(store.refusal);
  if (store.refusal) log.error(store.refusal);
  const connection = createRedisConnection();
  // Before any consumer starts: the sandbox choice, and orphan sandboxes of dead workers removed.
  const auditSandbox = await prepareAuditSandbox(connection);
  await bindWebhookSecrets();
  startPrefilterThread();
  const { workers, stopReconciler } = await startConsumers(connection, consumers(auditSandbox));
  // Liveness follows the scoring consumer, the first of the list.
  const stopHeartbeat = startHeartbeat(env.WORKER_HEARTBEAT_FILE, connection, () => workers[0]!.isRunning());
  const stopMetrics = startMetricsPublisher(connection);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "worker stopping: finishing active jobs");
    stopHeartbeat();
    await stopReconciler();
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
