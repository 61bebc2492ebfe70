// Postgres is the truth for every job row (docs/architecture.md#jobs), against real Postgres, a private Redis and real
// worker processes: the operator's reproduction (the queue's Redis emptied mid-scoring, then the worker killed with
// SIGKILL and a new one started) ends scored with the undisturbed run's numbers and no human step, and a running
// datasheet row whose job Redis lost is picked up by the reconciler of a worker that is already running.

import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import type { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { startFakeOpenAi } from "../support/fake-openai";
import { db } from "../support/fixtures";
import {
  copySubmission,
  derivedRowCounts,
  freePort,
  PrivateRedis,
  privateQueue,
  resultOf,
  seedRepeatedRunSubmission,
  startWorker,
  stopProcess,
  waitFor,
} from "../support/fault-harness";

let redis: PrivateRedis;
let queue: Queue;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
const workers: ChildProcess[] = [];
let workerEnv: Record<string, string>;

beforeAll(async () => {
  redis = new PrivateRedis(await freePort());
  await redis.start();
  queue = privateQueue(redis.url);
  fake = await startFakeOpenAi();
  // A short lease and period keep the test fast; production defaults are 60 s and 30 s.
  workerEnv = {
    REDIS_URL: redis.url,
    OPENAI_BASE_URL: fake.url,
    JUDGE_CONCURRENCY: "4",
    WORKER_LOCK_MS: "2000",
    JOB_LEASE_MS: "3000",
    RECONCILE_INTERVAL_MS: "1000",
  };
});

afterAll(async () => {
  for (const w of workers) await stopProcess(w, "SIGKILL");
  await queue?.close();
  await fake?.close();
  await redis?.stop().catch(() => undefined);
});

function worker(): ChildProcess {
  const child = startWorker(workerEnv);
  workers.push(child);
  return child;
}

async function flushRedis(): Promise<void> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  await client.flushall();
  client.disconnect();
}

const status = async (id: string) => (await db.submission.findUniqueOrThrow({ where: { id } })).scoringStatus;

describe("the job reconciler", () => {
  it("Redis emptied mid-scoring, then the worker SIGKILLed and restarted: scored with the undisturbed numbers", async () => {
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    fake.control.latencyMs = 150;
    const calls0 = fake.stats.chatCalls;
    await queue.add("score-submission", { submissionId: id }, { jobId: id });
    const first = worker();
    await waitFor(
      async () => fake.stats.chatCalls - calls0,
      (n) => n >= 15,
      120_000,
      "judge calls before the flush",
    );
    await flushRedis();
    await waitFor(
      async () => fake.stats.chatCalls - calls0,
      (n) => n >= 35,
      120_000,
      "judge calls after the flush",
    );
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    expect(await status(id)).toBe("scoring");
    expect(await queue.getJob(id)).toBeUndefined();

    // The new worker finds the row running with its lease passed (3 s) and no job in Redis, and queues it again.
    fake.control.latencyMs = 0;
    worker();
    await waitFor(
      () => status(id),
      (s) => s === "scored" || s === "failed",
      360_000,
      "the stranded row to be scored",
    );

    // The undisturbed copy is scored in this process. Its queue is paused meanwhile: the worker's reconciler (every
    // second here) may queue the copy while it waits for this claim, and the worker would then take the claim over.
    await queue.pause();
    const copy = await copySubmission(id);
    await scoreSubmission((await claimSubmission(copy))!, {
      judge: new OpenAiJudge("fake-judge-1", {
        apiKey: "test-key",
        baseURL: fake.url,
        timeoutMs: 5_000,
        maxRetries: 2,
      }),
      embedder: new OfflineEmbeddingProvider(),
      concurrency: 8,
      budget: 1_000_000,
      malformedRetries: 2,
    });
    await queue.resume();
    const [disturbed, undisturbed] = [await resultOf(id), await resultOf(copy)];
    expect(disturbed.status).toBe("scored");
    expect(disturbed.scores.length).toBeGreaterThan(0);
    expect(disturbed.scores).toEqual(undisturbed.scores);
    expect(disturbed.matches).toEqual(undisturbed.matches);
    const rows = await derivedRowCounts(id);
    expect(rows.pairs).toBe(rows.currentPairs);
    expect(rows.scores).toBe(rows.distinctScores);
  }, 600_000);

  it("a running datasheet row whose job was lost is computed by the running worker's reconciler", async () => {
    const benchmark = await db.benchmark.create({
      data: {
        slug: `reconcile-${randomUUID().slice(0, 8)}`,
        name: "Reconciler",
        version: "1",
        snapshotDate: new Date("2025-01-01"),
        repositories: { create: [{ name: "acme/engine", language: "python" }] },
      },
    });
    // As a worker killed mid-computation leaves it, with Redis emptied: running, its lease passed, no job anywhere.
    const row = await db.benchmarkDatasheet.create({
      data: { benchmarkId: benchmark.id, status: "running", claimToken: 3, leaseUntil: new Date(Date.now() - 1_000) },
    });
    if (workers.every((w) => w.exitCode !== null)) worker();
    const done = await waitFor(
      async () => (await db.benchmarkDatasheet.findUniqueOrThrow({ where: { id: row.id } })).status,
      (s) => s === "done" || s === "failed",
      60_000,
      "the stranded datasheet to be computed",
    );
    expect(done).toBe("done");
  }, 120_000);

  it("a running repeat of judge verdicts whose job was lost is finished by the running worker's reconciler", async () => {
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    const findings = await db.finding.findMany({
      where: { run: { submissionId: id } },
      take: 2,
      orderBy: { id: "asc" },
    });
    const bugs = await db.referenceBug.findMany({
      where: { repository: { benchmark: { submissions: { some: { id } } } } },
      take: 2,
      orderBy: { id: "asc" },
    });
    // The same judge the worker builds: the model, prompt and endpoint are the repeat's key.
    const judge = new OpenAiJudge("fake-judge-1", {
      apiKey: "test-key",
      baseURL: fake.url,
      timeoutMs: 5_000,
      maxRetries: 2,
    });
    // As a worker killed mid-repeat leaves it, with Redis emptied: running, its lease passed, no job anywhere.
    const row = await db.repeatJudging.create({
      data: {
        submissionId: id,
        attemptId: "",
        judgeModel: judge.model,
        promptVersion: judge.promptVersion,
        configHash: judge.configHash(),
        seed: "reconcile",
        status: "running",
        claimToken: 3,
        leaseUntil: new Date(Date.now() - 1_000),
        plannedCalls: 2,
        pairs: {
          createMany: {
            data: [0, 1].map((i) => ({
              position: i,
              verdictId: `verdict-${i}`,
              findingId: findings[i]!.id,
              referenceBugId: bugs[i]!.id,
              firstMatch: i === 0,
            })),
          },
        },
      },
    });
    if (workers.every((w) => w.exitCode !== null)) worker();
    const done = await waitFor(
      async () => db.repeatJudging.findUniqueOrThrow({ where: { id: row.id } }),
      (r) => r.status === "done" || r.status === "failed",
      60_000,
      "the stranded repeat to finish",
    );
    expect(done).toMatchObject({ status: "done", judgeCalls: 2, progress: 100 });
    expect(done.claimToken).toBeGreaterThan(3);
    expect(await db.repeatJudgingPair.count({ where: { repeatId: row.id, repeatMatch: null } })).toBe(0);
  }, 120_000);
});
