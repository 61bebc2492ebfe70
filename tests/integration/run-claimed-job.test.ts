import { randomUUID } from "node:crypto";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import OpenAI from "openai";
import { afterAll, describe, expect, it } from "vitest";
import { JudgeReplyError } from "../../lib/llm/judge";
import { scoringQueue } from "../../lib/queue/scoring-queue";
import { classifyScoringError } from "../../worker/jobs/classify-job-error";
import { runClaimedJob } from "../../worker/jobs/run-claimed-job";
import { claimSubmission, SUBMISSION, updateClaimed, type Claim } from "../../worker/features/scoring/claim-submission";
import { db, seedBenchmark, userWithToken } from "../support/fixtures";

// The one job lifecycle against real Redis (BullMQ retries and failures) and a real Submission row (the fenced
// claim and the recorded failure). Each case uses its own queue, which the running worker does not consume.
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";
const connections: Redis[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const c of connections) c.disconnect();
});

function connection(): Redis {
  const c = new Redis(redisUrl, { maxRetriesPerRequest: null });
  connections.push(c);
  return c;
}

async function queuedSubmission(): Promise<string> {
  const slug = await seedBenchmark();
  const user = await userWithToken();
  const benchmark = await db.benchmark.findFirstOrThrow({ where: { slug } });
  const submission = await db.submission.create({
    data: {
      benchmarkId: benchmark.id,
      submitterId: user.id,
      model: "Lifecycle",
      scoringStatus: "queued",
      runs: { create: [{ index: 0 }] },
    },
  });
  return submission.id;
}

type Outcome =
  | { state: "completed"; value: unknown; attemptsMade: number }
  | { state: "failed"; reason: string; attemptsMade: number };

/**
 * Runs one job of `attempts` attempts through runClaimedJob with the scoring claim, classifier and recorder, and
 * `work` as the work; returns how the job ended and every failure the lifecycle recorded.
 */
async function runJob(
  submissionId: string,
  attempts: number,
  work: (claim: Claim, attempt: number) => Promise<unknown>,
) {
  const name = `lifecycle-test-${randomUUID().slice(0, 8)}`;
  const queue = new Queue(name, { connection: connection() });
  const events = new QueueEvents(name, { connection: connection() });
  await events.waitUntilReady();
  const recorded: { message: string; final: boolean }[] = [];
  const worker = new Worker(
    name,
    (job: Job) =>
      runClaimedJob(job, {
        parse: scoringQueue.payload,
        claim: ({ submissionId: id }) => claimSubmission(id),
        lease: (claim) => ({ fenced: SUBMISSION, id: claim.submissionId, token: claim.token }),
        logFields: ({ submissionId: id }) => ({ submissionId: id }),
        classify: classifyScoringError,
        record: async (claim, failure) => {
          recorded.push(failure);
          await updateClaimed(
            claim,
            failure.final
              ? { scoringStatus: "failed", scoringError: failure.message }
              : { scoringError: failure.message },
          );
        },
        work: (claim) => work(claim, job.attemptsMade + 1),
      }),
    { connection: connection() },
  );
  closers.push(
    () => worker.close(),
    () => events.close(),
    () => queue.close(),
  );
  const job = { id: randomUUID() };
  const ended = new Promise<Outcome>((resolve) => {
    events.on("completed", ({ jobId }) => {
      if (jobId !== job.id) return;
      void queue
        .getJob(jobId)
        .then((done) => resolve({ state: "completed", value: done!.returnvalue, attemptsMade: done!.attemptsMade }));
    });
    events.on("failed", ({ jobId, failedReason }) => {
      if (jobId !== job.id) return;
      void (async () => {
        const fresh = await queue.getJob(job.id);
        if (fresh && (await fresh.getState()) === "failed")
          resolve({ state: "failed", reason: failedReason, attemptsMade: fresh.attemptsMade });
      })();
    });
  });
  await queue.add(
    "score-submission",
    { submissionId },
    { jobId: job.id, attempts, backoff: { type: "fixed", delay: 50 } },
  );
  const outcome = await ended;
  return {
    outcome,
    recorded,
    row: submissionId ? await db.submission.findUniqueOrThrow({ where: { id: submissionId } }) : null,
  };
}

const unavailable = () =>
  OpenAI.APIError.generate(503, { error: { message: "upstream busy" } }, undefined, new Headers());

describe("runClaimedJob", () => {
  it("records a permanent error as final on the row and does not retry", async () => {
    const id = await queuedSubmission();
    const { outcome, recorded, row } = await runJob(id, 3, async () => {
      throw new JudgeReplyError("reply was prose");
    });
    const message = "The judge model did not return the required {match, rationale} JSON.";
    expect(outcome).toMatchObject({ state: "failed", reason: message, attemptsMade: 1 });
    expect(recorded).toEqual([{ message, final: true }]);
    expect(row).toMatchObject({ scoringStatus: "failed", scoringError: message });
  });

  it("notes a retryable error on the row, rethrows it so BullMQ retries, and a later attempt completes", async () => {
    const id = await queuedSubmission();
    const { outcome, recorded, row } = await runJob(id, 3, async (claim, attempt) => {
      if (attempt === 1) throw unavailable();
      await updateClaimed(claim, { scoringStatus: "scored", scoringProgress: 100 });
      return { done: attempt };
    });
    expect(outcome).toMatchObject({ state: "completed", value: { done: 2 }, attemptsMade: 2 });
    expect(recorded).toEqual([
      { message: "The judge endpoint is unavailable (HTTP 503); scoring will be retried.", final: false },
    ]);
    // The second claim cleared the note; its token is the second one.
    expect(row).toMatchObject({ scoringStatus: "scored", scoringError: null, claimToken: 2 });
  });

  it("records the last attempt's retryable error as final", async () => {
    const id = await queuedSubmission();
    const { outcome, recorded, row } = await runJob(id, 2, async () => {
      throw unavailable();
    });
    const retried = "The judge endpoint is unavailable (HTTP 503); scoring will be retried.";
    // The last attempt promises no retry: it says scoring stopped and what the submitter can do.
    const stopped =
      "The judge endpoint was still unavailable (HTTP 503) at the last attempt, so scoring stopped. Submit the findings file again later; if it keeps failing, tell the site's admins.";
    expect(outcome).toMatchObject({ state: "failed", reason: expect.stringContaining("503"), attemptsMade: 2 });
    expect(recorded).toEqual([
      { message: retried, final: false },
      { message: stopped, final: true },
    ]);
    expect(row).toMatchObject({ scoringStatus: "failed", scoringError: stopped });
  });

  it("stops quietly when a later claim took the row over, writing nothing", async () => {
    const id = await queuedSubmission();
    const { outcome, recorded, row } = await runJob(id, 3, async (claim) => {
      // Another worker claims the row (a lapsed lock handed the job on) and finishes it.
      const later = (await claimSubmission(id))!;
      await updateClaimed(later, { scoringStatus: "scored", scoringProgress: 100 });
      await updateClaimed(claim, { scoringProgress: 50 });
      return { unreachable: true };
    });
    expect(outcome).toMatchObject({ state: "completed", value: { superseded: true }, attemptsMade: 1 });
    expect(recorded).toEqual([]);
    expect(row).toMatchObject({ scoringStatus: "scored", scoringProgress: 100, claimToken: 2 });
  });

  it("skips a row with nothing to do and refuses a malformed payload without retrying", async () => {
    const id = await queuedSubmission();
    await db.submission.update({ where: { id }, data: { scoringStatus: "scored" } });
    const skipped = await runJob(id, 3, async () => ({ unreachable: true }));
    expect(skipped.outcome).toMatchObject({ state: "completed", value: { skipped: true } });
    const malformed = await runJob("", 3, async () => ({ unreachable: true }));
    expect(malformed.outcome).toMatchObject({
      state: "failed",
      attemptsMade: 1,
      reason: expect.stringMatching(/^invalid lifecycle-test-\w+ job payload$/),
    });
  });
});
