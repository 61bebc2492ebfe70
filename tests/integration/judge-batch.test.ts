// Batch mode (docs/scoring.md, "Batch mode"), against real Postgres and Redis and the fake endpoint's Batch API
// (tests/support/fake-batches.ts), on repeated-run submissions (3 runs), whose reference pairs and cross-run duplicate
// candidates both go through batches: a submission scored through batches has the scores, matches and cross-run
// decisions of a copy scored directly, its record prices the batch lines at the batch price, an attempt that restarts
// polls the batches the row recorded (of either round) instead of submitting new ones, and the lines of an expired
// batch (and failed lines) are judged directly with no pair judged twice.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { modelPrice, priceUsage } from "../../lib/llm/model-prices";
import { getSubmissionStatus } from "../../lib/server/submissions/get-submission-status";
import { claimSubmission, type Claim } from "../../worker/features/scoring/claim-submission";
import type { BatchOptions } from "../../worker/features/scoring/judge-batches";
import { scoreSubmission, type ScoringSummary } from "../../worker/features/scoring/score-submission";
import { LostClaimError } from "../../worker/jobs/lost-claim";
import { startFakeOpenAi } from "../support/fake-openai";
import { judgedMark, judgedSince } from "../support/fake-judge-log";
import { db } from "../support/fixtures";
import { copySubmission, resultOf, seedRepeatedRunSubmission, waitFor } from "../support/fault-harness";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});

type Recorded = { phase: string; batches: unknown[] };

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

/** The current attempt's cross-run pair rows (findings as run:ordinal), to compare two scorings' decisions. */
async function crossRunRowsOf(id: string) {
  const { scoringAttemptId: attemptId } = await db.submission.findUniqueOrThrow({ where: { id } });
  const findings = await db.finding.findMany({ where: { run: { submissionId: id } }, include: { run: true } });
  const name = new Map(findings.map((f) => [f.id, `${f.run.index}:${f.ordinal}`]));
  const rows = await db.crossRunPair.findMany({ where: { submissionId: id, attemptId } });
  return rows.map((r) => `${name.get(r.leftId)}~${name.get(r.rightId)}:${r.decision}:${r.match}`).sort();
}

/**
 * Starts an attempt of the batch1 scoring on `claim`, waits for its status note to name `note`, and supersedes it with a
 * new claim (what a restarted worker does): returns the round the row recorded and the new claim.
 */
async function supersedeWhilePolling(id: string, claim: Claim, note: string) {
  const attempt = scoreSubmission(claim, deps("batch1", BATCH)).catch((e: unknown) => e);
  await waitFor(
    () => db.submission.findUniqueOrThrow({ where: { id } }),
    (row) => row.scoringError?.includes(note) === true,
    60_000,
    `an attempt polling: ${note}`,
  );
  const recorded = (await db.submission.findUniqueOrThrow({ where: { id } })).judgeBatches as Recorded;
  const next = await claimSubmission(id);
  expect(await attempt).toBeInstanceOf(LostClaimError);
  return { recorded, next: next! };
}

/** Both scorings stored the same scores, matches and cross-run decisions, and made the same cross-run figures. */
async function expectSameResult(
  id: string,
  summary: ScoringSummary,
  direct: Awaited<ReturnType<typeof scoreCopyDirectly>>,
) {
  const [batched, directly] = [await resultOf(id), await resultOf(direct.copy)];
  expect(batched.scores).toEqual(directly.scores);
  expect(batched.matches).toEqual(directly.matches);
  expect(await crossRunRowsOf(id)).toEqual(await crossRunRowsOf(direct.copy));
  const { judged, skipped, cached } = direct.summary.crossRun;
  expect(summary.crossRun).toMatchObject({ judged, skipped, cached });
  expect(judged).toBeGreaterThan(BATCH.maxLines);
  expect(skipped).toBeGreaterThan(0);
}

/** Cross-run duplicate candidates are judged with suggested fixes appended (§A.4); reference pairs are not. */
const isCrossRun = (message: string) => message.includes("Suggested fix:");

describe("judge batch mode", () => {
  it("scores as the direct path does, at the batch price, polling each round's recorded batches after a restart", async () => {
    const id = await seedRepeatedRunSubmission(`b1${run}`);
    const direct = await scoreCopyDirectly(id, "direct1");
    const before = { ...fake.stats };
    const mark = judgedMark();

    // The first attempt submits the reference round's batches, records them, and is superseded while they run.
    fake.control.batchInProgressPolls = 1_000;
    const first = await supersedeWhilePolling(id, (await claimSubmission(id))!, "pairs through the OpenAI Batch API");
    const referenceBatches = fake.stats.batchesCreated - before.batchesCreated;
    expect(first.recorded).toMatchObject({ phase: "reference", batches: expect.any(Array) });
    expect(first.recorded.batches).toHaveLength(referenceBatches);
    expect(referenceBatches).toBeGreaterThan(1);

    // The second polls them, reads them, submits the cross-run round, and is superseded while it runs (held).
    Object.assign(fake.control, { batchInProgressPolls: 2, batchHeldAfter: fake.stats.batchesCreated });
    const second = await supersedeWhilePolling(id, first.next, "duplicate candidates through the OpenAI Batch API");
    const created = fake.stats.batchesCreated - before.batchesCreated;
    expect(second.recorded.phase).toBe("cross-run");
    expect(second.recorded.batches).toHaveLength(created - referenceBatches);
    expect(second.recorded.batches.length).toBeGreaterThan(1);
    // The reference round's lines were all answered by now: each reference pair of the direct path once.
    const mid = { ...fake.stats };
    const referenceLines = mid.batchLinesAnswered - before.batchLinesAnswered;
    expect(referenceLines).toBe(direct.calls - direct.summary.crossRun.judged);

    // The third goes through the reference phase from the cache and polls the recorded cross-run batches.
    fake.control.batchHeldAfter = -1;
    const summary = await scoreSubmission(second.next, deps("batch1", BATCH));
    expect(summary.outcome).toBe("scored");
    expect(fake.stats.batchesCreated - before.batchesCreated).toBe(created);
    const row = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(row.judgeBatches).toBeNull();
    expect(row.scoringError).toBeNull();
    await expectSameResult(id, summary, direct);

    // The cross-run lines: one per candidate the merge could judge (its bound), counted at the fake, none called
    // directly; the merge judged the direct path's candidates from them and skipped the others.
    const crossLines = fake.stats.batchLinesAnswered - mid.batchLinesAnswered;
    expect(crossLines).toBe(summary.crossRun.bound);
    expect(crossLines).toBeGreaterThanOrEqual(summary.crossRun.judged);
    expect(fake.stats.chatCalls - before.chatCalls).toBe(referenceLines + crossLines);
    const asked = judgedSince(mark);
    expect(asked.filter((a) => a.via === "batch" && isCrossRun(a.message))).toHaveLength(crossLines);
    expect(asked.filter((a) => a.via === "direct")).toHaveLength(0);
    // Every pair asked once, and its verdict stored once.
    expect(new Set(asked.map((a) => a.message)).size).toBe(asked.length);
    const configHash = deps("batch1").judge.configHash();
    expect(await db.judgeVerdict.count({ where: { configHash } })).toBe(asked.length);

    // The record (the last attempt's: it read the cross-run lines) prices them with the batch discount.
    expect(summary.judge.calls).toBe(crossLines);
    expect(summary.judge.batchCalls).toBe(crossLines);
    const usage = await db.judgeUsage.findUniqueOrThrow({ where: { submissionId: id } });
    const price = modelPrice(MODEL)!;
    const batchTokens = {
      inputTokens: fake.stats.batchPromptTokens - mid.batchPromptTokens,
      cachedInputTokens: fake.stats.batchCachedTokens - mid.batchCachedTokens,
      outputTokens: fake.stats.batchOutputTokens - mid.batchOutputTokens,
    };
    const full = priceUsage(price, usage)!;
    const saved = priceUsage(price, batchTokens)! - priceUsage(price, batchTokens, { batch: true })!;
    expect(usage.batchCalls).toBe(crossLines);
    expect(usage.crossRunJudged).toBe(direct.summary.crossRun.judged);
    expect(usage.costUsd).toBeCloseTo(full - saved, 12);
    expect(saved).toBeGreaterThan(0);
    expect(usage.costUsd).toBeCloseTo(full / 2, 12);
    // The API's scoring record shows them.
    const record = (await getSubmissionStatus(id, { id: "staff", role: "admin" })).scoring!;
    expect(record).toMatchObject({ batch_calls: crossLines, judge_cost_usd: usage.costUsd });
  }, 300_000);

  it("judges an expired batch's missing lines and failed lines directly, no pair twice", async () => {
    const id = await seedRepeatedRunSubmission(`b2${run}`);
    const direct = await scoreCopyDirectly(id, "direct2");
    const before = { ...fake.stats };
    const mark = judgedMark();
    // Each batch expires after 10 answered lines; its first 3 lines fail.
    Object.assign(fake.control, { batchInProgressPolls: 1, batchExpireAfterLines: 10, batchFailLines: 3 });
    const summary = await scoreSubmission((await claimSubmission(id))!, deps("batch2", BATCH));
    Object.assign(fake.control, { batchInProgressPolls: 0, batchExpireAfterLines: -1, batchFailLines: 0 });
    expect(summary.outcome).toBe("scored");
    await expectSameResult(id, summary, direct);
    const lines = fake.stats.batchLinesAnswered - before.batchLinesAnswered;
    const batches = fake.stats.batchesCreated - before.batchesCreated;
    expect(batches).toBeGreaterThan(2);
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThanOrEqual(10 * batches);
    expect(summary.judge.batchCalls).toBe(lines);
    expect(summary.judge.calls).toBe(fake.stats.chatCalls - before.chatCalls);

    // Both rounds: some pairs answered by lines, the rest (failed or expired lines) judged directly; cross-run
    // candidates directly only as the merge reaches them unconnected, so at most its judged count.
    const asked = judgedSince(mark);
    const count = (via: string, crossRun: boolean) =>
      asked.filter((a) => a.via === via && isCrossRun(a.message) === crossRun).length;
    expect(count("batch", false)).toBeGreaterThan(0);
    expect(count("direct", false)).toBeGreaterThan(0);
    expect(count("batch", false) + count("direct", false)).toBe(direct.calls - direct.summary.crossRun.judged);
    expect(count("batch", true)).toBeGreaterThan(0);
    expect(count("direct", true)).toBeGreaterThan(0);
    expect(count("direct", true)).toBeLessThanOrEqual(summary.crossRun.judged);
    expect(count("batch", true) + count("direct", true)).toBeLessThanOrEqual(summary.crossRun.bound);
    // No pair asked twice (a line and a direct call, or two lines), and each verdict stored once.
    expect(new Set(asked.map((a) => a.message)).size).toBe(asked.length);
    const configHash = deps("batch2").judge.configHash();
    expect(await db.judgeVerdict.count({ where: { configHash } })).toBe(asked.length);
  }, 300_000);
});
