// Batch mode (docs/scoring.md, "Batch mode"), against real Postgres and Redis and the fake endpoint's Batch API
// (tests/support/fake-batches.ts): a submission scored through batches has the scores and matches of a copy scored
// directly, its record prices the batch lines at the batch price, an attempt that restarts polls the batches the row
// recorded instead of submitting new ones, and the lines of an expired batch (and failed lines) are judged directly
// with no pair judged twice.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { modelPrice, priceUsage } from "../../lib/llm/model-prices";
import { getSubmissionStatus } from "../../lib/server/submissions/get-submission-status";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import type { BatchOptions } from "../../worker/features/scoring/judge-batches";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { LostClaimError } from "../../worker/jobs/lost-claim";
import { startFakeOpenAi } from "../support/fake-openai";
import { db } from "../support/fixtures";
import { copySubmission, resultOf, seedRepeatedRunSubmission, waitFor } from "../support/fault-harness";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});

// A priced model (lib/llm/model-prices.ts) on an endpoint path of its own per scoring, so every scoring starts cold.
const MODEL = "gpt-4.1-mini";
const run = randomUUID().slice(0, 8);
// Tiny intervals, and files of 25 lines, so a submission's pairs make several batches.
const BATCH: BatchOptions = { minPairs: 1, maxLines: 25, pollMs: 5, maxPollMs: 20 };
const deps = (path: string, batch?: BatchOptions) => ({
  judge: new OpenAiJudge(MODEL, {
    apiKey: "test-key",
    baseURL: `${fake.url}/${path}-${run}`,
    timeoutMs: 10_000,
    maxRetries: 2,
  }),
  embedder: new OfflineEmbeddingProvider(),
  concurrency: 16,
  budget: 1_000_000,
  malformedRetries: 2,
  batch,
});

/** Scores a copy of `id` directly; returns the model calls it made and its record. */
async function scoreCopyDirectly(id: string, path: string) {
  const copy = await copySubmission(id);
  const before = fake.stats.chatCalls;
  const summary = await scoreSubmission((await claimSubmission(copy))!, deps(path));
  expect(summary.outcome).toBe("scored");
  return { copy, calls: fake.stats.chatCalls - before, summary };
}

describe("judge batch mode", () => {
  it("scores as the direct path does, at the batch price, polling the recorded batches after a restart", async () => {
    const id = await seedRepeatedRunSubmission(`b1${run}`);
    const direct = await scoreCopyDirectly(id, "direct1");
    const before = { ...fake.stats };

    // The first attempt submits its batches, records them, and is superseded while they are in progress.
    fake.control.batchInProgressPolls = 1_000;
    const first = scoreSubmission((await claimSubmission(id))!, deps("batch1", BATCH)).catch((e: unknown) => e);
    await waitFor(
      () => db.submission.findUniqueOrThrow({ where: { id } }),
      (row) => row.scoringError?.startsWith("Judging") === true,
      60_000,
      "the first attempt polling its batches",
    );
    const recorded = (await db.submission.findUniqueOrThrow({ where: { id } })).judgeBatches as { batches: unknown[] };
    const created = fake.stats.batchesCreated - before.batchesCreated;
    expect(recorded.batches).toHaveLength(created);
    expect(created).toBeGreaterThan(1);
    const second = await claimSubmission(id);
    expect(await first).toBeInstanceOf(LostClaimError);

    fake.control.batchInProgressPolls = 2;
    const summary = await scoreSubmission(second!, deps("batch1", BATCH));
    expect(summary.outcome).toBe("scored");
    // The restarted attempt polled the recorded batches and submitted none; the row no longer lists them.
    expect(fake.stats.batchesCreated - before.batchesCreated).toBe(created);
    const row = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(row.judgeBatches).toBeNull();
    expect(row.scoringError).toBeNull();

    const [batched, directly] = [await resultOf(id), await resultOf(direct.copy)];
    expect(batched.scores).toEqual(directly.scores);
    expect(batched.matches).toEqual(directly.matches);
    // Every pair judged once: batch lines plus direct calls (the cross-run phase) are the direct path's calls.
    const lines = fake.stats.batchLinesAnswered - before.batchLinesAnswered;
    expect(lines).toBeGreaterThan(BATCH.maxLines);
    expect(fake.stats.chatCalls - before.chatCalls).toBe(direct.calls);
    expect(summary.judge.calls).toBe(direct.summary.judge.calls);
    expect(summary.judge.batchCalls).toBe(lines);

    // The record prices the batch lines with the batch discount, the direct calls in full.
    const usage = await db.judgeUsage.findUniqueOrThrow({ where: { submissionId: id } });
    const price = modelPrice(MODEL)!;
    const batchTokens = {
      inputTokens: fake.stats.batchPromptTokens - before.batchPromptTokens,
      cachedInputTokens: fake.stats.batchCachedTokens - before.batchCachedTokens,
      outputTokens: fake.stats.batchOutputTokens - before.batchOutputTokens,
    };
    const full = priceUsage(price, usage)!;
    const saved = priceUsage(price, batchTokens)! - priceUsage(price, batchTokens, { batch: true })!;
    expect(usage.batchCalls).toBe(lines);
    expect(usage.costUsd).toBeCloseTo(full - saved, 12);
    expect(saved).toBeGreaterThan(0);
    expect(usage.costUsd!).toBeLessThan(direct.summary.judge.costUsd!);
    // The API's scoring record shows them.
    const record = (await getSubmissionStatus(id, { id: "staff", role: "admin" })).scoring!;
    expect(record).toMatchObject({ batch_calls: lines, judge_cost_usd: usage.costUsd });
  }, 300_000);

  it("judges an expired batch's missing lines and failed lines directly, no pair twice", async () => {
    const id = await seedRepeatedRunSubmission(`b2${run}`);
    const direct = await scoreCopyDirectly(id, "direct2");
    const before = { ...fake.stats };
    // Each batch expires after 10 answered lines; its first 3 lines fail.
    Object.assign(fake.control, { batchInProgressPolls: 1, batchExpireAfterLines: 10, batchFailLines: 3 });
    const summary = await scoreSubmission((await claimSubmission(id))!, deps("batch2", BATCH));
    Object.assign(fake.control, { batchInProgressPolls: 0, batchExpireAfterLines: -1, batchFailLines: 0 });
    expect(summary.outcome).toBe("scored");
    const [batched, directly] = [await resultOf(id), await resultOf(direct.copy)];
    expect(batched.scores).toEqual(directly.scores);
    expect(batched.matches).toEqual(directly.matches);
    const lines = fake.stats.batchLinesAnswered - before.batchLinesAnswered;
    const batches = fake.stats.batchesCreated - before.batchesCreated;
    expect(batches).toBeGreaterThan(1);
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThanOrEqual(10 * batches);
    expect(summary.judge.batchCalls).toBe(lines);
    // Lines answered in batches plus the pairs sent again directly: each pair judged once, as on the direct path.
    expect(fake.stats.chatCalls - before.chatCalls).toBe(direct.calls);
    expect(summary.judge.calls).toBe(direct.summary.judge.calls);
  }, 300_000);
});
