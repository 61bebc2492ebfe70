// Scoring on an account with limits (docs/scoring.md, "Provider limits"), against real Postgres and Redis and a fake
// endpoint that enforces requests and tokens per minute as OpenAI documents them (tests/support/fake-rate-limits.ts):
// the submission is scored exactly, with refusals under 1% of calls; an account out of quota fails scoring at once
// with a message that says so; a reasoning model that refuses `temperature`, and an endpoint without json_schema,
// still score it. Two worker processes scoring a submission each on one account share its limits through Redis.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { classifyScoringError } from "../../worker/jobs/classify-job-error";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { startFakeOpenAi } from "../support/fake-openai";
import { db } from "../support/fixtures";
import {
  copySubmission,
  freePort,
  PrivateRedis,
  privateQueue,
  resultOf,
  seedRepeatedRunSubmission,
  startWorker,
  stopProcess,
  waitFor,
} from "../support/fault-harness";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
let limited: Fake;
let open: Fake;

beforeAll(async () => {
  [limited, open] = await Promise.all([startFakeOpenAi(), startFakeOpenAi()]);
});
afterAll(async () => {
  await limited?.close();
  await open?.close();
});

// A fresh model name per run, so no verdict is cached before the test.
const model = `fake-judge-limits-${randomUUID().slice(0, 8)}`;
const deps = (fake: Fake, judgeModel = model, limits = {}) => ({
  judge: new OpenAiJudge(judgeModel, {
    apiKey: "test-key",
    baseURL: fake.url,
    timeoutMs: 10_000,
    maxRetries: 2,
    limits,
  }),
  embedder: new OfflineEmbeddingProvider(),
  concurrency: 64,
  budget: 1_000_000,
  malformedRetries: 2,
});

describe("scoring on an account with limits", () => {
  it("scores exactly within the account's limits, refused for under 1% of calls", async () => {
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    const copy = await copySubmission(id);
    // Half of the minute's allowance already spent by another client: the rest is paced at the refill rate.
    // The operator configured the account's limits (LLM_RPM / LLM_TPM).
    const limits = { rpm: 6_000, tpm: 2_400_000 };
    Object.assign(limited.control, { ...limits, bucketStartShare: 0.5, latencyMs: 100 });
    const summary = await scoreSubmission((await claimSubmission(id))!, deps(limited, model, limits));
    await scoreSubmission((await claimSubmission(copy))!, deps(open));
    const calls = limited.stats.chatCalls;
    expect(summary.outcome).toBe("scored");
    expect((await resultOf(id)).scores).toEqual((await resultOf(copy)).scores);
    expect(calls).toBeGreaterThan(100);
    expect(limited.stats.rateLimited).toBeLessThan(calls / 100);
  }, 300_000);

  it("fails at once with its own message when the account has no quota left", async () => {
    const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    Object.assign(limited.control, { quotaExhausted: true });
    const started = Date.now();
    const failure = await scoreSubmission((await claimSubmission(id))!, deps(limited, `${model}-quota`)).catch(
      (error: unknown) => error,
    );
    // Before any judge call the submission is embedded and prefiltered (seconds on a loaded machine); the refusal
    // itself is not retried.
    expect(Date.now() - started).toBeLessThan(60_000);
    const classified = classifyScoringError(failure);
    expect(classified.permanent).toBe(true);
    expect(classified.message).toContain("insufficient_quota");
    expect(limited.stats.rateLimited).toBeLessThan(70); // one refusal per call in flight, none retried
  });

  it("scores with a reasoning model that refuses temperature and on an endpoint without json_schema", async () => {
    for (const judgeModel of [
      `fake-reasoning-${randomUUID().slice(0, 8)}`,
      `fake-no-schema-${randomUUID().slice(0, 8)}`,
    ]) {
      const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
      const summary = await scoreSubmission((await claimSubmission(id))!, deps(open, judgeModel));
      expect(summary.outcome, judgeModel).toBe("scored");
      expect(summary.judge.calls, judgeModel).toBeGreaterThan(0);
    }
  });

  it("two worker processes scoring a submission each on one account stay within its limits together", async () => {
    // Worker processes of their own, on a Redis of their own (the suite's worker listens on the shared one).
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    const queue = privateQueue(redis.url);
    const account = await startFakeOpenAi();
    const workers = [] as ReturnType<typeof startWorker>[];
    try {
      // An account another client has just used (half of each bucket left), limits the operator configured: each
      // process alone would send at the whole limit, so only a budget shared through Redis keeps refusals this low.
      const limits = { rpm: 9_000, tpm: 20_000_000 };
      Object.assign(account.control, { ...limits, bucketStartShare: 0.5, latencyMs: 100 });
      const ids = [
        await seedRepeatedRunSubmission(randomUUID().slice(0, 8)),
        await seedRepeatedRunSubmission(randomUUID().slice(0, 8)),
      ];
      const workerEnv = {
        REDIS_URL: redis.url,
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: account.url,
        JUDGE_MODEL: `fake-judge-two-workers-${randomUUID().slice(0, 8)}`,
        JUDGE_CONCURRENCY: "64",
        WORKER_CONCURRENCY: "1",
        LLM_RPM: String(limits.rpm),
        LLM_TPM: String(limits.tpm),
      };
      workers.push(startWorker(workerEnv), startWorker(workerEnv));
      for (const id of ids) await queue.add("score-submission", { submissionId: id }, { jobId: id });
      const statuses = () =>
        Promise.all(ids.map(async (id) => (await db.submission.findUniqueOrThrow({ where: { id } })).scoringStatus));
      // Each worker takes one job at a time (WORKER_CONCURRENCY 1), so both score at once, one submission each.
      await waitFor(statuses, (s) => s.every((x) => x === "scored" || x === "failed"), 240_000, "both submissions");
      expect(await statuses()).toEqual(["scored", "scored"]);
      const usage = await db.judgeUsage.findMany({ where: { submissionId: { in: ids } } });
      expect(usage.map((u) => u.judgeCalls > 0)).toEqual([true, true]);
      const calls = account.stats.chatCalls;
      expect(calls).toBeGreaterThan(limits.rpm / 2);
      // The fake refuses whatever goes over the limits: refusals are what the two processes sent beyond them together.
      expect(account.stats.rateLimited).toBeLessThan(calls / 100);
    } finally {
      for (const w of workers) await stopProcess(w, "SIGTERM");
      await queue.close();
      await account.close();
      await redis.stop().catch(() => undefined);
    }
  }, 300_000);
});
