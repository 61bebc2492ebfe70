import "server-only";
import { db } from "../../lib/db";
import { JudgeReplyError, judgeCostUsd, type Judge, type JudgeDecision, type JudgeText } from "../../lib/llm/judge";
import type { Prisma } from "../../lib/generated/prisma/client";
import type { SignalValues } from "../../lib/scoring/types";
import { insertRows } from "./insert-rows";

// The judge, as the scoring pipeline uses it: verdicts cached across submissions by (the two texts, model, prompt
// version, configHash), new ones stored in batches while calls go on, malformed replies asked again and then left
// undecided. Which pairs are judged, and in which order, is the caller's (score-submission.ts); this file only calls
// and stores.

export type JudgeRequest = { leftHash: string; rightHash: string; configHash: string; left: JudgeText; right: JudgeText; signals: SignalValues };
export type Verdict = { id: string; match: boolean };
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
export async function readCachedVerdicts(requests: readonly JudgeRequest[], judge: Judge): Promise<Map<string, Verdict>> {
  const out = new Map<string, Verdict>();
  for (let i = 0; i < requests.length; i += 2_000) {
    const chunk = requests.slice(i, i + 2_000);
    const rows = await db.$queryRaw<{ id: string; leftHash: string; rightHash: string; configHash: string; match: boolean }[]>`
      SELECT v.id, v."leftHash", v."rightHash", v."configHash", v.match
      FROM unnest(${chunk.map((r) => r.leftHash)}::text[], ${chunk.map((r) => r.rightHash)}::text[], ${chunk.map((r) => r.configHash)}::text[]) AS w(l, r, c)
      JOIN "JudgeVerdict" v ON v."leftHash" = w.l AND v."rightHash" = w.r AND v."configHash" = w.c
      WHERE v."judgeModel" = ${judge.model} AND v."promptVersion" = ${judge.promptVersion}`;
    for (const row of rows) out.set(requestKey(row), { id: row.id, match: row.match });
  }
  return out;
}

// Verdicts are stored in batches of this size while judging goes on, so a retried job repeats at most the calls of
// one unsaved batch (plus those in flight).
const STORE_BATCH = 1_000;

/**
 * Judges single requests for one scoring attempt and stores what it decides. A failure the SDK's retries did not
 * overcome (or a failed write) stops further calls and is rethrown by flush(); a reply that stays malformed after
 * `malformedRetries` more asks is undecided (judge() resolves undefined) and counted.
 */
export class JudgeRunner {
  readonly stats: JudgeStats = { requested: 0, calls: 0, cached: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, retries: 0, malformedReplies: 0, undecided: 0 };
  private decided: { request: JudgeRequest; decision: JudgeDecision }[] = [];
  private storing: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;
  private readonly retriesBefore: number;

  constructor(
    private readonly judge: Judge,
    private readonly opts: { malformedRetries: number; onStored?: (count: number) => Promise<void> },
  ) {
    this.retriesBefore = judge.requests.retries;
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  async decide(request: JudgeRequest): Promise<boolean | undefined> {
    if (this.failure) throw this.failure.error;
    for (let attempt = 0; ; attempt++) {
      let decision: JudgeDecision;
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
    { leftHash: "text", rightHash: "text", judgeModel: "text", promptVersion: "text", configHash: "text", match: "bool", rationale: "text", offline: "bool", inputTokens: "int4", outputTokens: "int4" },
    rows,
    { onConflictDoNothing: true },
  );
}
