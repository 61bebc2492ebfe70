// npm run bench:faults: scores one case through each single fault and reports how it recovered (docs/reliability.md).
//
// Everything is the bench's own: a PostgreSQL cluster (initdb, on a spare port, so it can be restarted), a
// redis-server, the fake OpenAI server (JUDGE_LATENCY_MS per reply, default 150) and worker processes with
// JUDGE_CONCURRENCY=4. The case is the fault tests' repeated-run submission (3 runs over 20 reference bugs, texts
// unique to each scoring so the verdict cache starts cold). First an undisturbed scoring, then one per fault, each
// injected once a third of the undisturbed judge calls are made: Redis emptied (FLUSHALL), Redis restarted without
// persistence, the worker killed with SIGKILL (a new one started at once, as a supervisor does), PostgreSQL restarted
// (pg_ctl restart -m immediate), the judge answering 5xx/429 for 30 s. Reported per fault: seconds from the fault to
// the row scored, judge calls made twice (answered calls beyond the verdicts stored), job rows left queued or running,
// and whether every score and match equals the undisturbed run's. Leases and the reconciler's period are shortened
// (BENCH_LEASE_MS, default 10000; BENCH_RECONCILE_MS, default 5000) so the bench runs in minutes.

import type { ChildProcess } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { Redis } from "ioredis";
import { PrivatePostgres } from "../tests/support/private-postgres";

const LEASE_MS = Number(process.env.BENCH_LEASE_MS ?? 10_000);
const RECONCILE_MS = Number(process.env.BENCH_RECONCILE_MS ?? 5_000);
const LATENCY_MS = Number(process.env.JUDGE_LATENCY_MS ?? 150);
const CASE_TIMEOUT_MS = 600_000;

// Before anything reads lib/env.ts: the database of the bench's own cluster.
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
const pg = new PrivatePostgres(await freePort());
const DATABASE_URL = pg.url();
process.env.DATABASE_URL = DATABASE_URL;
pg.start();

const { ensureDatabase, migrate } = await import("./lib/database");
await ensureDatabase(DATABASE_URL);
await migrate(DATABASE_URL);

const { db, disconnectDb } = await import("../lib/db");
const { OfflineEmbeddingProvider } = await import("../lib/embeddings/provider");
const { OpenAiJudge } = await import("../lib/llm/judge");
const { claimSubmission } = await import("../worker/features/scoring/claim-submission");
const { scoreSubmission } = await import("../worker/features/scoring/score-submission");
const { startFakeOpenAi } = await import("../tests/support/fake-openai");
const { copySubmission, PrivateRedis, privateQueue, resultOf, seedRepeatedRunSubmission, startWorker, stopProcess } =
  await import("../tests/support/fault-harness");

const redis = new PrivateRedis(await freePort());
await redis.start();
const fake = await startFakeOpenAi();
fake.control.latencyMs = LATENCY_MS;
// The product's own retry policy (lib/queue/job-options.ts) with the settings below: a 30 s judge outage outlasts the
// client's retries, and the job's exponential backoff (1, 2, 4, ... s) carries it past the outage.
const { retryingJobOptions } = await import("../lib/queue/job-options");
const queue = privateQueue(redis.url, { ...retryingJobOptions(12, 1000), removeOnComplete: false });
const workerEnv = {
  DATABASE_URL,
  REDIS_URL: redis.url,
  OPENAI_API_KEY: "test-key",
  OPENAI_BASE_URL: fake.url,
  JUDGE_MODEL: "fake-judge-1",
  EMBEDDING_PROVIDER: "offline",
  JUDGE_CONCURRENCY: "4",
  JUDGE_MAX_RETRIES: "4",
  SCORING_ATTEMPTS: "12",
  SCORING_RETRY_DELAY_MS: "1000",
  WORKER_LOCK_MS: "10000",
  JOB_LEASE_MS: String(LEASE_MS),
  RECONCILE_INTERVAL_MS: String(RECONCILE_MS),
  ATTRIBUTION_AFTER_SCORING: "false",
  SANDBOX: "off",
  LOG_LEVEL: "warn",
};
let worker: ChildProcess = startWorker(workerEnv, "bench-faults-worker-0");
let workers = 0;
const restartWorker = async (signal: NodeJS.Signals) => {
  worker.kill(signal);
  await new Promise((r) => (worker.exitCode !== null ? r(undefined) : worker.once("exit", r)));
  worker = startWorker(workerEnv, `bench-faults-worker-${++workers}`);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const statusOf = async (id: string) => {
  for (;;) {
    try {
      return (await db.submission.findUniqueOrThrow({ where: { id } })).scoringStatus;
    } catch (error) {
      // PostgreSQL restarting under the bench too.
      if (!(error instanceof Error) || !/P1001|P1017|connect|terminat|closed/i.test(String(error))) throw error;
      await sleep(500);
    }
  }
};

async function redisCommand(...args: string[]): Promise<void> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  await client.call(args[0]!, ...args.slice(1)).catch(() => undefined);
  client.disconnect();
}

type Fault = { name: string; inject: () => Promise<void> };
const FAULTS: Fault[] = [
  { name: "Redis emptied (FLUSHALL)", inject: () => redisCommand("FLUSHALL") },
  {
    name: "Redis restarted without persistence",
    inject: async () => {
      await redisCommand("SHUTDOWN", "NOSAVE");
      for (const f of readdirSync(redis.dir)) rmSync(path.join(redis.dir, f), { recursive: true, force: true });
      await redis.start();
    },
  },
  { name: "worker killed (SIGKILL), a new one started", inject: () => restartWorker("SIGKILL") },
  { name: "PostgreSQL restarted (immediate)", inject: async () => pg.restart("immediate") },
  {
    name: "judge answers 5xx/429 for 30 s",
    inject: async () => {
      fake.control.failRate = 1;
      setTimeout(() => (fake.control.failRate = 0), 30_000).unref();
    },
  },
];

type Row = {
  fault: string;
  seconds: number;
  scoringSeconds: number;
  repeated: number;
  calls: number;
  nonTerminal: number;
  same: boolean | null;
};

async function scoreCase(fault: Fault | null, undisturbedCalls: number): Promise<Row & { id: string }> {
  const id = await seedRepeatedRunSubmission(`${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  const since = new Date();
  const calls0 = fake.stats.chatCalls;
  const started = Date.now();
  await queue.add("score-submission", { submissionId: id }, { jobId: id });
  let faultAt = started;
  if (fault) {
    const trigger = Math.max(1, Math.floor(undisturbedCalls / 3));
    while (fake.stats.chatCalls - calls0 < trigger) {
      if (Date.now() - started > CASE_TIMEOUT_MS) throw new Error(`${fault.name}: no judge calls`);
      await sleep(50);
    }
    faultAt = Date.now();
    await fault.inject();
  }
  let status = await statusOf(id);
  while (status !== "scored" && status !== "failed") {
    if (Date.now() - faultAt > CASE_TIMEOUT_MS) break;
    await sleep(200);
    status = await statusOf(id);
  }
  const ended = Date.now();
  const calls = fake.stats.chatCalls - calls0;
  const verdicts = await db.judgeVerdict.count({ where: { createdAt: { gte: since } } });
  const nonTerminal = await db.submission.count({ where: { scoringStatus: { in: ["queued", "scoring"] } } });
  return {
    id,
    fault: fault?.name ?? "none (undisturbed)",
    seconds: (ended - faultAt) / 1000,
    scoringSeconds: (ended - started) / 1000,
    repeated: Math.max(0, calls - verdicts),
    calls,
    nonTerminal,
    same: status === "scored" ? null : false,
  };
}

async function sameAsUndisturbed(id: string): Promise<boolean> {
  const copy = await copySubmission(id);
  fake.control.latencyMs = 0;
  await scoreSubmission((await claimSubmission(copy))!, {
    judge: new OpenAiJudge("fake-judge-1", { apiKey: "test-key", baseURL: fake.url, timeoutMs: 10_000, maxRetries: 4 }),
    embedder: new OfflineEmbeddingProvider(),
    concurrency: 8,
    budget: 1_000_000,
    malformedRetries: 2,
  });
  fake.control.latencyMs = LATENCY_MS;
  const [a, b] = [await resultOf(id), await resultOf(copy)];
  return (
    a.status === "scored" &&
    JSON.stringify(a.scores) === JSON.stringify(b.scores) &&
    JSON.stringify(a.matches) === JSON.stringify(b.matches)
  );
}

const rows: Row[] = [];
try {
  const baseline = await scoreCase(null, 0);
  baseline.same = await sameAsUndisturbed(baseline.id);
  rows.push(baseline);
  const only = process.env.BENCH_FAULTS?.split(",").map(Number);
  for (const [i, fault] of FAULTS.entries()) {
    if (only && !only.includes(i + 1)) continue;
    const row = await scoreCase(fault, baseline.calls);
    if (row.same === null) row.same = await sameAsUndisturbed(row.id);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  console.log(
    `\nbench:faults — lease ${LEASE_MS / 1000} s, reconciler period ${RECONCILE_MS / 1000} s, judge latency ${LATENCY_MS} ms, JUDGE_CONCURRENCY=4\n`,
  );
  console.log(
    "| fault | fault to scored (s) | whole scoring (s) | judge calls | made twice | rows non-terminal | same scores |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of rows)
    console.log(
      `| ${r.fault} | ${r.seconds.toFixed(1)} | ${r.scoringSeconds.toFixed(1)} | ${r.calls} | ${r.repeated} (${((100 * r.repeated) / Math.max(1, r.calls)).toFixed(1)}%) | ${r.nonTerminal} | ${r.same ? "yes" : "NO"} |`,
    );
  await stopProcess(worker, "SIGKILL");
  await queue.close();
  await fake.close();
  await redis.stop().catch(() => undefined);
  await disconnectDb();
  pg.destroy();
}
process.exit(0);
