import { db } from "../../lib/db";
import { judgeCostUsd, type Judge, type JudgeDecision, type JudgeText } from "../../lib/llm/judge";
import { mapWithConcurrency } from "../../lib/llm/retry";
import type { Prisma } from "../../lib/generated/prisma/client";
import type { SignalValues } from "../../lib/scoring/types";
import { insertRows } from "./insert-rows";

export type JudgeRequest = { leftHash: string; rightHash: string; left: JudgeText; right: JudgeText; signals: SignalValues };
export type Verdict = { id: string; match: boolean };
export type JudgeStats = { requested: number; calls: number; cached: number; inputTokens: number; outputTokens: number; costUsd: number };

export function verdictKey(leftHash: string, rightHash: string): string {
  return `${leftHash}:${rightHash}`;
}

// Verdicts are stored in batches of this size while judging goes on, so a retried job repeats at most the calls of
// one unsaved batch (plus those in flight).
const STORE_BATCH = 1_000;

/**
 * Decides every distinct (left text, right text) pair once: cached verdicts for the same texts, judge model and
 * prompt version are reused across submissions; new ones are stored batch by batch, in the background, so the
 * `concurrency` judge calls in flight never wait for the database. After a failure no new call starts, the verdicts
 * already decided are stored, and the failure is rethrown.
 */
export async function judgePairs(
  requests: JudgeRequest[],
  judge: Judge,
  opts: { concurrency: number; onProgress?: (done: number, total: number) => Promise<void> },
): Promise<{ verdicts: Map<string, Verdict>; stats: JudgeStats }> {
  const unique = new Map<string, JudgeRequest>();
  for (const r of requests) if (!unique.has(verdictKey(r.leftHash, r.rightHash))) unique.set(verdictKey(r.leftHash, r.rightHash), r);
  const verdicts = await readCachedVerdicts([...unique.values()], judge);
  const stats: JudgeStats = { requested: unique.size, calls: 0, cached: verdicts.size, inputTokens: 0, outputTokens: 0, costUsd: 0 };
  const pending = [...unique.entries()].filter(([key]) => !verdicts.has(key)).map(([, r]) => r);

  // A failed call stops new calls; a failed write also stops further writes. Either is rethrown at the end.
  let callFailure: { error: unknown } | undefined;
  let writeFailure: { error: unknown } | undefined;
  let decided: { request: JudgeRequest; decision: JudgeDecision }[] = [];
  let stored = 0;
  let storing: Promise<void> = Promise.resolve();
  const storeDecided = () => {
    const batch = decided;
    decided = [];
    if (batch.length === 0) return;
    // One write at a time, in order, while the judge calls go on.
    storing = storing.then(async () => {
      if (writeFailure) return;
      try {
        await storeVerdicts(batch, judge);
        stored += batch.length;
        await opts.onProgress?.(stored, pending.length);
      } catch (error) {
        writeFailure = { error };
      }
    });
  };

  await mapWithConcurrency(pending, opts.concurrency, async (request) => {
    if (callFailure || writeFailure) return;
    try {
      const decision = await judge.decide(request.left, request.right, request.signals);
      decided.push({ request, decision });
      stats.inputTokens += decision.inputTokens;
      stats.outputTokens += decision.outputTokens;
      if (!judge.offline) stats.calls += 1;
      if (decided.length >= STORE_BATCH) storeDecided();
    } catch (error) {
      callFailure ??= { error };
    }
  });
  // What was decided is stored even when a call failed: the retried job will not pay for it again.
  storeDecided();
  await storing;
  const failure = callFailure ?? writeFailure;
  if (failure) throw failure.error;

  if (pending.length > 0) for (const [key, v] of await readCachedVerdicts(pending, judge)) verdicts.set(key, v);
  stats.costUsd = judgeCostUsd(judge.model, stats.inputTokens, stats.outputTokens);
  return { verdicts, stats };
}

async function storeVerdicts(batch: { request: JudgeRequest; decision: JudgeDecision }[], judge: Judge): Promise<void> {
  const rows: Prisma.JudgeVerdictCreateManyInput[] = batch.map(({ request, decision }) => ({
    leftHash: request.leftHash,
    rightHash: request.rightHash,
    judgeModel: judge.model,
    promptVersion: judge.promptVersion,
    match: decision.match,
    rationale: decision.rationale,
    offline: judge.offline,
    inputTokens: decision.inputTokens,
    outputTokens: decision.outputTokens,
  }));
  // A verdict another worker stored meanwhile wins (same texts, model and prompt): the pair is decided once.
  await insertRows(
    db,
    "JudgeVerdict",
    { leftHash: "text", rightHash: "text", judgeModel: "text", promptVersion: "text", match: "bool", rationale: "text", offline: "bool", inputTokens: "int4", outputTokens: "int4" },
    rows,
    { onConflictDoNothing: true },
  );
}

async function readCachedVerdicts(requests: JudgeRequest[], judge: Judge): Promise<Map<string, Verdict>> {
  const wanted = new Set(requests.map((r) => verdictKey(r.leftHash, r.rightHash)));
  const leftHashes = [...new Set(requests.map((r) => r.leftHash))];
  const out = new Map<string, Verdict>();
  for (let i = 0; i < leftHashes.length; i += 5_000) {
    const rows = await db.judgeVerdict.findMany({
      where: { leftHash: { in: leftHashes.slice(i, i + 5_000) }, judgeModel: judge.model, promptVersion: judge.promptVersion },
      select: { id: true, leftHash: true, rightHash: true, match: true },
    });
    for (const row of rows) {
      const key = verdictKey(row.leftHash, row.rightHash);
      if (wanted.has(key)) out.set(key, { id: row.id, match: row.match });
    }
  }
  return out;
}
