// Two recoveries the worker owes the submitter , against real Postgres, a private Redis
// and a real worker process: a queued submission whose job never reached Redis is picked up when a worker starts,
// and a judge that fails on some pairs keeps every verdict it did give, so a rescore asks only for the rest.

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import type { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { PermanentJobError } from "../../worker/jobs/job-failure";
import { startFakeOpenAi } from "../support/fake-openai";
import { db } from "../support/fixtures";
import {
  copySubmission,
  freePort,
  PrivateRedis,
  privateQueue,
  seedRepeatedRunSubmission,
  startWorker,
  stopProcess,
  waitFor,
} from "../support/fault-harness";
import { LOG_DIR } from "../support/global-setup";

let redis: PrivateRedis;
let queue: Queue;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let child: ChildProcess | undefined;

beforeAll(async () => {
  redis = new PrivateRedis(await freePort());
  await redis.start();
  queue = privateQueue(redis.url);
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  if (child) await stopProcess(child, "SIGKILL");
  await queue?.close();
  await fake?.close();
  await redis?.stop().catch(() => undefined);
});

const deps = (patch: { concurrency?: number; malformedRetries?: number } = {}) => ({
  judge: new OpenAiJudge("fake-judge-1", { apiKey: "test-key", baseURL: fake.url, timeoutMs: 5_000, maxRetries: 2 }),
  embedder: new OfflineEmbeddingProvider(),
  concurrency: patch.concurrency ?? 8,
  budget: 1_000_000,
  malformedRetries: patch.malformedRetries ?? 2,
});

describe("worker recovery", () => {
  it("a worker starting up queues the submissions whose job was lost, and scores them", async () => {
    // The row exists (as after an upload) but no job was ever added: Redis was down when the web app enqueued it.
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    expect(await queue.getJob(id)).toBeUndefined();
    child = startWorker({ REDIS_URL: redis.url, OPENAI_BASE_URL: fake.url, JUDGE_CONCURRENCY: "8" });
    await waitFor(
      async () => (await db.submission.findUniqueOrThrow({ where: { id } })).scoringStatus,
      (s) => s === "scored" || s === "failed",
      240_000,
      "the re-queued submission to be scored",
    );
    expect((await db.submission.findUniqueOrThrow({ where: { id } })).scoringStatus).toBe("scored");
    expect(await queue.getJob(id)).toBeDefined();
    await stopProcess(child, "SIGTERM");
    child = undefined;
  }, 300_000);

  it("a partial judge failure stores the decided verdicts, fails with the undecided count, and a rescore asks only for those", async () => {
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    const started = new Date();
    // One judge call at a time: the first pair gets its ask and both retries malformed, every later pair a verdict.
    fake.control.malformedNext = 3;
    const failure = await scoreSubmission(
      (await claimSubmission(id))!,
      deps({ concurrency: 1, malformedRetries: 2 }),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PermanentJobError);
    expect((failure as PermanentJobError).userMessage).toMatch(/^1 candidate pair\(s\) stayed undecided/);
    const stored = await db.judgeVerdict.count({ where: { createdAt: { gte: started } } });
    expect(stored).toBeGreaterThan(0);

    // The same findings again: every stored verdict is reused, so at most the one undecided pair is asked.
    const copy = await copySubmission(id);
    const callsBefore = fake.stats.chatCalls;
    await scoreSubmission((await claimSubmission(copy))!, deps());
    expect(fake.stats.chatCalls - callsBefore).toBeLessThanOrEqual(1);
    expect((await db.submission.findUniqueOrThrow({ where: { id: copy } })).scoringStatus).toBe("scored");
  }, 300_000);

  it("a worker whose Redis has gone stops within seconds of SIGTERM", async () => {
    const gone = new PrivateRedis(await freePort());
    await gone.start();
    const name = `shutdown-worker-${randomUUID().slice(0, 6)}`;
    const worker = startWorker({ REDIS_URL: gone.url, OPENAI_BASE_URL: fake.url }, name);
    const logText = () => {
      try {
        return readFileSync(path.join(LOG_DIR, `${name}.log`), "utf8");
      } catch {
        return "";
      }
    };
    try {
      await waitFor(async () => logText().includes("worker ready"), Boolean, 90_000, "the worker to start");
      await gone.stop();
      const started = Date.now();
      const exited = new Promise<number>((resolve) => worker.once("exit", () => resolve(Date.now() - started)));
      worker.kill("SIGTERM");
      // Before the bound, BullMQ's close waited on reconnecting to the stopped Redis for well over 30 s.
      const elapsed = await Promise.race([exited, new Promise<number>((r) => setTimeout(() => r(Infinity), 20_000))]);
      expect(elapsed).toBeLessThan(8_000);
    } finally {
      await stopProcess(worker, "SIGKILL");
    }
  }, 150_000);
});
