import { db } from "../../lib/db";
import { judgeCostUsd, type Judge, type JudgeText } from "../../lib/llm/judge";
import { mapWithConcurrency } from "../../lib/llm/retry";
import type { SignalValues } from "../../lib/scoring/types";

export type JudgeRequest = { leftHash: string; rightHash: string; left: JudgeText; right: JudgeText; signals: SignalValues };
export type Verdict = { id: string; match: boolean };
export type JudgeStats = { requested: number; calls: number; cached: number; inputTokens: number; outputTokens: number; costUsd: number };

export function verdictKey(leftHash: string, rightHash: string): string {
  return `${leftHash}:${rightHash}`;
}

const CHUNK = 1_000;

/**
 * Decides every distinct (left text, right text) pair once: cached verdicts for the same texts, judge model and
 * prompt version are reused across submissions; new ones are stored chunk by chunk, so a retried job repeats
 * no LLM call that already finished.
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
  let done = 0;
  for (let i = 0; i < pending.length; i += CHUNK) {
    const chunk = pending.slice(i, i + CHUNK);
    const decisions = await mapWithConcurrency(chunk, opts.concurrency, async (r) => {
      const decision = await judge.decide(r.left, r.right, r.signals);
      done++;
      return decision;
    });
    await db.judgeVerdict.createMany({
      data: chunk.map((r, j) => ({
        leftHash: r.leftHash,
        rightHash: r.rightHash,
        judgeModel: judge.model,
        promptVersion: judge.promptVersion,
        match: decisions[j]!.match,
        rationale: decisions[j]!.rationale,
        offline: judge.offline,
        inputTokens: decisions[j]!.inputTokens,
        outputTokens: decisions[j]!.outputTokens,
      })),
      skipDuplicates: true,
    });
    for (const d of decisions) {
      stats.inputTokens += d.inputTokens;
      stats.outputTokens += d.outputTokens;
    }
    if (!judge.offline) stats.calls += chunk.length;
    const stored = await readCachedVerdicts(chunk, judge);
    for (const [key, v] of stored) verdicts.set(key, v);
    await opts.onProgress?.(done, pending.length);
  }
  stats.costUsd = judgeCostUsd(judge.model, stats.inputTokens, stats.outputTokens);
  return { verdicts, stats };
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
