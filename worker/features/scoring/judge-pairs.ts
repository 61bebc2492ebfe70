import { db } from "../../../lib/db";
import { JudgeReplyError, judgeCostUsd, type Judge, type JudgeDecision, type JudgeText } from "../../../lib/llm/judge";
import type { Prisma } from "../../../lib/generated/prisma/client";
import type { SignalValues } from "../../../lib/scoring/types";
import { createTurnPacer } from "../../../lib/llm/turn-pacer";
import { insertRows } from "./insert-rows";

// The judge, as the scoring pipeline uses it: verdicts cached across submissions by (the two texts, model, prompt
// version, configHash), new ones stored in batches while calls go on, malformed replies asked again and then left
// undecided. Which pairs are judged, and in which order, is the caller's (score-submission.ts); this file only calls
// and stores.

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
export type JudgeStats = {
  requested: number;
  calls: number;
  cached: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  retries: number;
  malformedReplies: number;
  undecided: number;
};

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
  for (let i = 0; i < requests.length; i += 2_000) {
    const chunk = requests.slice(i, i + 2_000);
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

// Verdicts are stored in batches of this size while judging goes on, so a retried job repeats at most the calls of
// one unsaved batch (plus those in flight).
const STORE_BATCH = 1_000;

// Calls started per turn of the event loop. At JUDGE_CONCURRENCY=256 and a steady latency, calls started together
// come back together: every 200 ms a wave of 256 replies was parsed and 256 new requests built and written in one
// stretch (about 0.7 ms of CPU a call, so 180 ms at best and 0.6-0.9 s on the loaded machine). Starting at most this
// many a turn spreads the starts over the latency, so replies, and the next starts, arrive spread out as well.
const STARTS_PER_TURN = 8;

/**
 * Judges single requests for one scoring attempt and stores what it decides. A failure the SDK's retries did not
 * overcome (or a failed write) stops further calls and is rethrown by flush(); a reply that stays malformed after
 * `malformedRetries` more asks is undecided (judge() resolves undefined) and counted.
 */
export class JudgeRunner {
  readonly stats: JudgeStats = {
    requested: 0,
    calls: 0,
    cached: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    retries: 0,
    malformedReplies: 0,
    undecided: 0,
  };
  private decided: { request: JudgeRequest; decision: JudgeDecision }[] = [];
  private storing: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;
  private readonly retriesBefore: number;
  private readonly pace = createTurnPacer(STARTS_PER_TURN);

  constructor(
    private readonly judge: Judge,
    private readonly opts: { malformedRetries: number; onStored?: (count: number) => Promise<void> },
  ) {
    this.retriesBefore = judge.requests.retries;
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  async decide(request: JudgeRequest): Promise<boolean | undefined> {
    if (this.failure) throw this.failure.error;
    for (let attempt = 0; ; attempt++) {
      let decision: JudgeDecision;
      await this.pace();
      // A failure may have come in while this call waited for its turn.
      this.throwIfFailed();
      try {
        decision = await this.judge.decide(request.left, request.right, request.signals);
      } catch (error) {
        // The SDK retries transport failures; a malformed reply is ours to ask again (no library covers that).
        if (error instanceof JudgeReplyError) {
          this.stats.malformedReplies++;
          if (!this.judge.offline) this.stats.calls++;
          if (attempt < this.opts.malformedRetries) continue;
          this.stats.undecided++;
          return undefined;
        }
        this.failure ??= { error };
        throw error;
      }
      if (!this.judge.offline) this.stats.calls++;
      this.stats.inputTokens += decision.inputTokens;
      this.stats.outputTokens += decision.outputTokens;
      this.decided.push({ request, decision });
      if (this.decided.length >= STORE_BATCH) this.store();
      return decision.match;
    }
  }

  /** Stores what is decided and waits for every write; rethrows the first failure. */
  async flush(): Promise<void> {
    this.store();
    await this.storing;
    this.stats.retries = this.judge.requests.retries - this.retriesBefore;
    this.stats.costUsd = judgeCostUsd(this.judge.model, this.stats.inputTokens, this.stats.outputTokens);
    if (this.failure) throw this.failure.error;
  }

  private store(): void {
    const batch = this.decided;
    this.decided = [];
    if (batch.length === 0) return;
    // One write at a time, in order, while the judge calls go on.
    this.storing = this.storing.then(async () => {
      if (this.failure) return;
      try {
        await storeVerdicts(batch, this.judge);
        await this.opts.onStored?.(batch.length);
      } catch (error) {
        this.failure ??= { error };
      }
    });
  }
}

async function storeVerdicts(batch: { request: JudgeRequest; decision: JudgeDecision }[], judge: Judge): Promise<void> {
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
