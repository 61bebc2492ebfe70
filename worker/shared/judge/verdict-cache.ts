import { ROWS_PER_QUERY } from "../rows-per-query";
import { db } from "../../../lib/db";
import type { JudgeDecision, Judge } from "../../../lib/llm/judge";
import type { JudgeText } from "../../../lib/llm/judge-messages";
import type { Prisma } from "../../../lib/generated/prisma/client";
import type { SignalValues } from "../../../lib/scoring/types";
import { insertRows } from "../../../lib/server/bulk-insert/insert-rows";

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
    // One index probe per requested key (LATERAL ... LIMIT 1). As a plain join, a table filled faster than
    // autovacuum analyses it was planned as a nested loop over a sequential scan: 2,000 keys x 42,000 verdicts took
    // 30 s a query in bench:score, while the probes take ~15 ms.
    const rows = await db.$queryRaw<{ id: string; l: string; r: string; c: string; match: boolean }[]>`
      SELECT v.id, w.l, w.r, w.c, v.match
      FROM unnest(${chunk.map((r) => r.leftHash)}::text[], ${chunk.map((r) => r.rightHash)}::text[], ${chunk.map((r) => r.configHash)}::text[]) AS w(l, r, c)
      CROSS JOIN LATERAL (
        SELECT id, match FROM "JudgeVerdict"
        WHERE "leftHash" = w.l AND "rightHash" = w.r AND "judgeModel" = ${judge.model} AND "promptVersion" = ${judge.promptVersion} AND "configHash" = w.c
        LIMIT 1
      ) v`;
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
  await insertRows(
    db,
    "JudgeVerdict",
    {
      leftHash: "text",
      rightHash: "text",
      judgeModel: "text",
      promptVersion: "text",
      configHash: "text",
      match: "bool",
      rationale: "text",
      offline: "bool",
      inputTokens: "int4",
      outputTokens: "int4",
    },
    rows,
    { onConflictDoNothing: true },
  );
}
