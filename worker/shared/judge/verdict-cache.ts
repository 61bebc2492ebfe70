import { ROWS_PER_QUERY } from "../rows-per-query";
import type { JudgeDecision, Judge } from "../../../lib/llm/judge";
import type { JudgeText } from "../../../lib/llm/judge-messages";
import type { Prisma } from "../../../lib/generated/prisma/client";
import type { SignalValues } from "../../../lib/scoring/types";
import { insertVerdicts, probeVerdicts } from "../../../lib/server/judge-verdicts/verdict-cache-store";

// The verdict cache every judge consumer shares: a verdict is stored once per (the two texts, model, prompt version,
// configHash) and reused across submissions, attempts and features. Which pairs are asked, and in which order, is
// the caller's; this file only keys, reads and stores.

export type JudgeRequest = {
  leftHash: string;
  rightHash: string;
  configHash: string;
  left: JudgeText;
  right: JudgeText;
  signals: SignalValues;
};
export type Verdict = { id: string; match: boolean };

/** The request for one kept pair: its two sides (hash and text), its signals, and the cache key the signals give. */
export function pairRequest(
  judge: Judge,
  left: { hash: string; text: JudgeText },
  right: { hash: string; text: JudgeText },
  signals: SignalValues,
): JudgeRequest {
  return {
    leftHash: left.hash,
    rightHash: right.hash,
    configHash: judge.configHash(signals),
    left: left.text,
    right: right.text,
    signals,
  };
}

export function requestKey(r: { leftHash: string; rightHash: string; configHash: string }): string {
  return `${r.leftHash}:${r.rightHash}:${r.configHash}`;
}

/**
 * Cached verdicts of the given requests for this judge: an exact lookup of the (left, right, config) triples through
 * the unique index, 2,000 at a time. (Filtering by left and right hashes separately returned every verdict between
 * the two sets, hundreds of thousands of rows for repeated runs, decoded in one stretch of the event loop.)
 */
export async function readCachedVerdicts(
  requests: readonly JudgeRequest[],
  judge: Judge,
): Promise<Map<string, Verdict>> {
  const out = new Map<string, Verdict>();
  for (let i = 0; i < requests.length; i += ROWS_PER_QUERY) {
    const chunk = requests.slice(i, i + ROWS_PER_QUERY);
    const rows = await probeVerdicts(chunk, judge);
    for (const row of rows)
      out.set(requestKey({ leftHash: row.l, rightHash: row.r, configHash: row.c }), { id: row.id, match: row.match });
  }
  return out;
}

/** Stores decided verdicts; a verdict another worker stored meanwhile wins. */
export async function storeVerdicts(
  batch: { request: JudgeRequest; decision: JudgeDecision }[],
  judge: Judge,
): Promise<void> {
  const rows: Prisma.JudgeVerdictCreateManyInput[] = batch.map(({ request, decision }) => ({
    leftHash: request.leftHash,
    rightHash: request.rightHash,
    judgeModel: judge.model,
    promptVersion: judge.promptVersion,
    configHash: request.configHash,
    match: decision.match,
    rationale: decision.rationale,
    offline: judge.offline,
    inputTokens: decision.inputTokens,
    outputTokens: decision.outputTokens,
  }));
  // A verdict another worker stored meanwhile wins (same texts, model, prompt and config): the pair is decided once.
  await insertVerdicts(rows);
}
