import { JudgeReplyError, type Judge, type JudgeDecision } from "../../../lib/llm/judge";
import { modelPrice, priceUsage } from "../../../lib/llm/model-prices";
import { addTokenUsage, type TokenUsage } from "../../../lib/llm/token-usage";
import { createTurnPacer } from "../../../lib/llm/turn-pacer";
import { storeVerdicts, type JudgeRequest } from "./verdict-cache";

// The judge as a batch consumer uses it (scoring's reference and cross-run phases, or any other feature): calls with
// paced starts, new verdicts stored in batches while calls go on (verdict-cache.ts), malformed replies asked again
// and then left undecided.

export type JudgeStats = {
  requested: number;
  calls: number;
  /** Of `calls`: the lines answered through the Batch API (priced with the batch discount). */
  batchCalls: number;
  cached: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  /** Dollars of the tokens at the judge model's price (model-prices.ts); null when the model has no price. */
  costUsd: number | null;
  retries: number;
  malformedReplies: number;
  undecided: number;
};

// Verdicts are stored while judging goes on, in one write per STORE_BATCH verdicts or per STORE_AFTER_MS since the
// oldest unsaved one, whichever comes first: a worker killed (or an attempt ended by an outage) loses at most the
// verdicts of the last second and those in flight, which its retry asks again. With batches of 1,000 alone, a worker
// killed a third of the way into the fault bench's case lost 206 verdicts (5.4% of its calls, docs/reliability.md).
const STORE_BATCH = 1_000;
const STORE_AFTER_MS = 1_000;

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
    batchCalls: 0,
    cached: 0,
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    retries: 0,
    malformedReplies: 0,
    undecided: 0,
  };
  private decided: { request: JudgeRequest; decision: JudgeDecision }[] = [];
  private storing: Promise<void> = Promise.resolve();
  private storeTimer: NodeJS.Timeout | undefined;
  /** The first failure: a call the SDK's retries did not overcome, or a failed write. */
  private failure: { error: unknown } | undefined;
  /** A failed write: nothing more is stored (the attempt's retry stores it again). */
  private writeFailed = false;
  private readonly retriesBefore: number;
  private readonly pace = createTurnPacer(STARTS_PER_TURN);
  /** The part of the stats' tokens answered through the Batch API. */
  private readonly batchUsage: TokenUsage = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };

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
          addTokenUsage(this.stats, error.usage);
          if (attempt < this.opts.malformedRetries) continue;
          this.stats.undecided++;
          return undefined;
        }
        this.failure ??= { error };
        // What was decided before the failure is paid for: stored now, so the job's retry does not ask it again.
        this.store();
        throw error;
      }
      if (!this.judge.offline) this.stats.calls++;
      // Summed in memory; the job writes the sums once (its JudgeUsage row), never a row per call.
      addTokenUsage(this.stats, decision);
      this.keep({ request, decision });
      return decision.match;
    }
  }

  /**
   * A verdict read from a Batch API output line: counted, priced at the batch price and stored like a direct one.
   * A malformed line (`decision` a JudgeReplyError) is counted and billed; its pair stays undecided here, for the
   * direct path to ask again.
   */
  recordBatchLine(request: JudgeRequest, decision: JudgeDecision | JudgeReplyError): void {
    this.throwIfFailed();
    this.stats.calls++;
    this.stats.batchCalls++;
    const usage = decision instanceof JudgeReplyError ? decision.usage : decision;
    addTokenUsage(this.stats, usage);
    addTokenUsage(this.batchUsage, usage);
    if (decision instanceof JudgeReplyError) {
      this.stats.malformedReplies++;
      return;
    }
    this.keep({ request, decision });
  }

  /** Queues a decided verdict for the next write: at once past STORE_BATCH, else within STORE_AFTER_MS. */
  private keep(verdict: { request: JudgeRequest; decision: JudgeDecision }): void {
    this.decided.push(verdict);
    if (this.decided.length >= STORE_BATCH) this.store();
    else if (!this.storeTimer) {
      this.storeTimer = setTimeout(() => this.store(), STORE_AFTER_MS);
      this.storeTimer.unref();
    }
  }

  /** Stores what is decided and waits for every write; rethrows the first failure. */
  async flush(): Promise<void> {
    this.store();
    await this.storing;
    this.stats.retries = this.judge.requests.retries - this.retriesBefore;
    // The offline judge makes no call: it costs nothing, whatever the price table says of its name.
    this.stats.costUsd = this.judge.offline ? 0 : this.costUsd();
    if (this.failure) throw this.failure.error;
  }

  /** Direct calls at the model's price, Batch API lines at its batch price; null when the model has no price. */
  private costUsd(): number | null {
    const price = modelPrice(this.judge.model);
    const b = this.batchUsage;
    const direct = {
      inputTokens: this.stats.inputTokens - b.inputTokens,
      cachedInputTokens: this.stats.cachedInputTokens - b.cachedInputTokens,
      outputTokens: this.stats.outputTokens - b.outputTokens,
    };
    const directUsd = priceUsage(price, direct);
    const batchUsd = priceUsage(price, b, { batch: true });
    return directUsd === null || batchUsd === null ? null : directUsd + batchUsd;
  }

  private store(): void {
    clearTimeout(this.storeTimer);
    this.storeTimer = undefined;
    const batch = this.decided;
    this.decided = [];
    if (batch.length === 0) return;
    // One write at a time, in order, while the judge calls go on. A judge failure does not stop the writes: calls
    // still in flight when it came are stored as they land.
    this.storing = this.storing.then(async () => {
      if (this.writeFailed) return;
      try {
        await storeVerdicts(batch, this.judge);
        await this.opts.onStored?.(batch.length);
      } catch (error) {
        this.writeFailed = true;
        this.failure ??= { error };
      }
    });
  }
}
