// Scoring through faults (docs/performance.md), against real Postgres, a private Redis and real worker processes: workers killed
// mid-scoring, two attempts racing, Redis restarted, Postgres connections dropped, and an LLM endpoint that fails
// and talks nonsense. Each case scores a disturbed submission and an undisturbed copy, and compares every number.

import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import type { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { getSubmissionStatus } from "../../lib/server/submissions/get-submission-status";
import { LostClaimError } from "../../worker/jobs/lost-claim";
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
  workerEnv = {
    REDIS_URL: redis.url,
    OPENAI_BASE_URL: fake.url,
    JUDGE_CONCURRENCY: "16",
    JUDGE_MAX_RETRIES: "8",
    JUDGE_MALFORMED_RETRIES: "6",
    WORKER_LOCK_MS: "2000",
    WORKER_MAX_STALLED: "50",
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

const judge = () =>
  new OpenAiJudge("fake-judge-1", { apiKey: "test-key", baseURL: fake.url, timeoutMs: 5_000, maxRetries: 8 });
const deps = () => ({
  judge: judge(),
  embedder: new OfflineEmbeddingProvider(),
  concurrency: 16,
  budget: 1_000_000,
  malformedRetries: 6,
});

const status = async (id: string) => (await db.submission.findUniqueOrThrow({ where: { id } })).scoringStatus;
const LONG = 360_000;
const progress = async (id: string) => (await db.submission.findUniqueOrThrow({ where: { id } })).scoringProgress;

/** Scores an undisturbed copy in-process (its verdicts are cached by then) and expects the same numbers. */
async function expectSameAsUndisturbed(id: string): Promise<void> {
  const copy = await copySubmission(id);
  await scoreSubmission((await claimSubmission(copy))!, deps());
  const [disturbed, undisturbed] = [await resultOf(id), await resultOf(copy)];
  expect(disturbed.status).toBe("scored");
  expect(disturbed.scores.length).toBeGreaterThan(0);
  expect(disturbed.scores).toEqual(undisturbed.scores);
  expect(disturbed.matches).toEqual(undisturbed.matches);
  const rows = await derivedRowCounts(id);
  expect(rows.pairs).toBe(rows.currentPairs);
  expect(rows.matches).toBe(rows.currentMatches);
  expect(rows.crossRun).toBe(rows.currentCrossRun);
  expect(rows.usage).toBe(1);
  expect(rows.scores).toBe(rows.distinctScores);
}

describe("scoring through faults", () => {
  it(
    "a worker killed with SIGKILL five times at random points: a later worker finishes with identical numbers",
    async () => {
      const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
      fake.control.latencyMs = 40;
      await queue.add("score-submission", { submissionId: id }, { jobId: id });
      const token = async () => (await db.submission.findUniqueOrThrow({ where: { id } })).claimToken;
      for (let kill = 0; kill < 5; kill++) {
        const before = await token();
        const child = worker();
        // Killed only once this worker has claimed the submission (a new fencing token), at a random point after.
        await waitFor(token, (t) => t > before, 60_000, "a new worker to claim the submission");
        await new Promise((r) => setTimeout(r, 200 + Math.random() * 1_500));
        child.kill("SIGKILL");
        await new Promise((r) => child.once("exit", r));
        if ((await status(id)) === "scored") break;
      }
      worker();
      await waitFor(
        () => status(id),
        (s) => s === "scored" || s === "failed",
        240_000,
        "the last worker to finish",
      );
      fake.control.latencyMs = 0;
      await expectSameAsUndisturbed(id);
    },
    LONG,
  );

  it(
    "two attempts race for one submission: exactly one writes",
    async () => {
      const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
      const first = (await claimSubmission(id))!;
      const second = (await claimSubmission(id))!;
      expect(second.token).toBe(first.token + 1);
      const outcomes = await Promise.allSettled([scoreSubmission(first, deps()), scoreSubmission(second, deps())]);
      expect(outcomes[0].status).toBe("rejected");
      expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(LostClaimError);
      expect(outcomes[1].status).toBe("fulfilled");
      const submission = await db.submission.findUniqueOrThrow({ where: { id } });
      expect(submission.scoringAttemptId).toBe(second.attemptId);
      expect(await db.candidatePair.count({ where: { attemptId: first.attemptId } })).toBe(0);
      await expectSameAsUndisturbed(id);
    },
    LONG,
  );

  it(
    "Redis restarted mid-scoring: scoring resumes and ends identical",
    async () => {
      const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
      fake.control.latencyMs = 40;
      const child = worker();
      await queue.add("score-submission", { submissionId: id }, { jobId: id });
      await waitFor(
        () => progress(id),
        (p) => p >= 25,
        60_000,
        "judging to start",
      );
      await redis.stop();
      await new Promise((r) => setTimeout(r, 1_500));
      await redis.start();
      await waitFor(
        () => status(id),
        (s) => s === "scored" || s === "failed",
        240_000,
        "scoring to finish after the restart",
      );
      fake.control.latencyMs = 0;
      await stopProcess(child, "SIGKILL");
      await expectSameAsUndisturbed(id);
    },
    LONG,
  );

  it(
    "Postgres connections dropped mid-write: the job is retried and ends identical",
    async () => {
      const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
      fake.control.latencyMs = 20;
      const child = worker();
      await queue.add("score-submission", { submissionId: id }, { jobId: id });
      let drops = 0;
      // Only this test database's backends, never another database's: terminate while judging and writing go on.
      const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
      const deadline = Date.now() + 240_000;
      while (Date.now() < deadline && (await status(id).catch(() => "scoring")) !== "scored") {
        const p = await progress(id).catch(() => 0);
        if (p >= 25 && drops < 4) {
          await db
            .$queryRawUnsafe(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
              database,
            )
            .catch(() => undefined);
          drops++;
          await new Promise((r) => setTimeout(r, 700));
        } else {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      expect(drops).toBeGreaterThan(0);
      fake.control.latencyMs = 0;
      await stopProcess(child, "SIGKILL");
      await expectSameAsUndisturbed(id);
    },
    LONG,
  );

  it(
    "an endpoint answering 20% 429/500 and 2% malformed JSON: identical numbers, retries counted",
    async () => {
      const id = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
      Object.assign(fake.control, { failRate: 0.2, malformedRate: 0.02 });
      const child = worker();
      await queue.add("score-submission", { submissionId: id }, { jobId: id });
      await waitFor(
        () => status(id),
        (s) => s === "scored" || s === "failed",
        240_000,
        "scoring to finish",
      );
      Object.assign(fake.control, { failRate: 0, malformedRate: 0 });
      await stopProcess(child, "SIGKILL");
      const usage = await db.judgeUsage.findUniqueOrThrow({ where: { submissionId: id } });
      expect(usage.retries).toBeGreaterThan(0);
      expect(usage.malformedReplies).toBeGreaterThan(0);
      // The API's scoring record shows them, with the cross-run merge's figures.
      const record = (await getSubmissionStatus(id, { id: "staff", role: "admin" })).scoring!;
      expect(record).toMatchObject({
        retries: usage.retries,
        malformed_replies: usage.malformedReplies,
        estimated_calls: usage.estimatedCalls,
      });
      expect(record.cross_run).toEqual({
        compared: usage.crossRunCompared,
        kept: usage.crossRunKept,
        judged: usage.crossRunJudged,
        cached: usage.crossRunCached,
        skipped_connected: usage.crossRunSkipped,
        within_run_compared: usage.withinRunCompared,
        within_run_kept: usage.withinRunKept,
      });
      expect(usage.crossRunJudged).toBeGreaterThan(0);
      await expectSameAsUndisturbed(id);
    },
    LONG,
  );
});
