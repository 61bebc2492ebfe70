import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterQueue, RateLimiterRedis } from "rate-limiter-flexible";
import { env } from "../env";
import { log } from "../observability/log";
import { AdaptiveGate } from "./adaptive-gate";
import { accountLimits, type AccountLimits } from "./endpoint";
import { rateLimitWaitMs, readLimitHeaders, type HeaderReader } from "./rate-limit-headers";
import { bucketWindow } from "./token-estimate";
import { processGlobals } from "../process-globals";

// One limiter per provider account (endpoint and key), shared by every worker process through Redis: many workers,
// one account, one budget. Requests and tokens per minute are counted by rate-limiter-flexible in Redis; the limits
// are configured (LLM_RPM / LLM_TPM and the per-role variables) or learned from the replies' x-ratelimit-* headers. A
// refusal for the rate limit pauses every process's calls to the account until the reset the provider named, and
// halves this process's calls in flight (adaptive-gate.ts).
//
// Why fixed windows of a few seconds rather than a minute: providers refill their buckets continuously, so a
// minute's allowance spent at the end of one window and again at the start of the next would be refused. With
// windows of W seconds holding W/60 of the limit, two windows back to back never exceed the bucket, and the rate
// over time is the limit itself (docs/scoring.md, "Provider limits").

export type { AccountLimits };

type Bucket = { perMinute: number; points: number; queue: RateLimiterQueue; limiter: RateLimiterRedis };

/** One admitted call: the tokens it was charged before sending, adjusted by `settle` to what it used. */
export type Admission = { tokens: number };

/** How often a process reads the account's shared pause from Redis (its own refusals it knows at once). */
const PAUSE_POLL_MS = 500;

const globalForLimiters = processGlobals<{
  llmLimiterRedis?: Redis;
  llmLimiters?: Map<string, ProviderLimiter>;
}>();

function redis(): Redis {
  if (!globalForLimiters.llmLimiterRedis) {
    globalForLimiters.llmLimiterRedis = new Redis(env.REDIS_URL, {
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
    });
    globalForLimiters.llmLimiterRedis.on("error", () => undefined);
  }
  return globalForLimiters.llmLimiterRedis;
}

/** The account's name in Redis: a hash of endpoint and key (the key itself is never stored). */
function accountKey(baseURL: string, apiKey: string): string {
  return createHash("sha256").update(`${baseURL}\0${apiKey}`).digest("hex").slice(0, 24);
}

function redisLimiter(prefix: string, points: number, seconds: number): RateLimiterRedis {
  // When Redis is unreachable each process counts alone: the limit loosens by the number of workers but stays.
  const insuranceLimiter = new RateLimiterMemory({ points, duration: seconds });
  return new RateLimiterRedis({ storeClient: redis(), keyPrefix: prefix, points, duration: seconds, insuranceLimiter });
}

function makeBucket(kind: "rpm" | "tpm", perMinute: number): Bucket {
  const { seconds, points, burstPoints, burstSeconds } = bucketWindow(perMinute);
  const limiter = redisLimiter(`llm-${kind}-${seconds}s`, points, seconds);
  // A provider's bucket starts full: the burst spends part of that stock at once (rate-limiter-flexible's bursty
  // limiter takes from it when the window is spent), so a short job is not held to the steady rate throughout.
  const paced =
    burstPoints > 0
      ? new BurstyRateLimiter(limiter, redisLimiter(`llm-${kind}-burst`, burstPoints, burstSeconds))
      : limiter;
  return { perMinute, points, limiter, queue: new RateLimiterQueue(paced) };
}

export class ProviderLimiter {
  private requests: Bucket | undefined;
  private tokens: Bucket | undefined;
  private readonly gate: AdaptiveGate;
  private readonly pause: RateLimiterRedis;
  private pausedUntil = 0;
  private pausePolledAt = 0;
  private pausePoll: Promise<void> | undefined;
  private refusalsInRow = 0;
  /** Refusals for the rate limit and calls admitted, since the process started (bench figures, tests). */
  readonly counts = { admitted: 0, rateLimited: 0 };

  constructor(
    readonly key: string,
    private readonly configured: AccountLimits,
    maxConcurrency: number,
  ) {
    this.gate = new AdaptiveGate(maxConcurrency);
    if (configured.rpm) this.requests = makeBucket("rpm", configured.rpm);
    if (configured.tpm) this.tokens = makeBucket("tpm", configured.tpm);
    this.pause = new RateLimiterRedis({ storeClient: redis(), keyPrefix: "llm-pause", points: 1, duration: 1 });
  }

  /** The limits in force: configured, else learned from the provider's headers; undefined where none is known. */
  get limits(): AccountLimits {
    return { rpm: this.requests?.perMinute, tpm: this.tokens?.perMinute };
  }

  /** Whether a token estimate is needed before sending (only when tokens per minute are limited). */
  get countsTokens(): boolean {
    return this.tokens !== undefined;
  }

  /** Milliseconds until the account's pause for its rate limit ends (0 when calls go on). */
  pausedForMs(now: number = Date.now()): number {
    return Math.max(0, this.pausedUntil - now);
  }

  raiseConcurrency(ceiling: number): void {
    this.gate.raiseCeiling(ceiling);
  }

  /** Waits until the account may take a call of about `tokens` tokens (prompt and reply allowance). */
  async admit(tokens: number): Promise<Admission> {
    await this.waitForPause();
    await this.gate.enter();
    try {
      const charged = this.tokens ? Math.min(Math.ceil(tokens), this.tokens.points) : 0;
      if (this.tokens && charged > 0) await this.tokens.queue.removeTokens(charged, this.key);
      if (this.requests) await this.requests.queue.removeTokens(1, this.key);
      // A pause may have begun while this call waited for the buckets.
      await this.waitForPause();
      this.counts.admitted++;
      return { tokens: charged };
    } catch (error) {
      this.gate.leave("other");
      throw error;
    }
  }

  /**
   * The provider answered: learn its limits, charge the tokens actually used (`usedTokens`, prompt and completion)
   * instead of the estimate, and let the next call in.
   */
  answered(admission: Admission, header: HeaderReader, usedTokens: number | undefined): void {
    this.refusalsInRow = 0;
    this.learn(header);
    this.gate.leave("answered");
    if (!this.tokens || usedTokens === undefined) return;
    const difference = Math.round(usedTokens - admission.tokens);
    const adjust =
      difference > 0
        ? this.tokens.limiter.penalty(this.key, difference)
        : difference < 0
          ? this.tokens.limiter.reward(this.key, -difference)
          : undefined;
    adjust?.catch(() => undefined);
  }

  /** The provider refused the call for its rate limit: pause the account as long as it asks; returns the wait in ms. */
  async rateLimited(header: HeaderReader): Promise<number> {
    this.counts.rateLimited++;
    this.learn(header);
    this.gate.leave("rate_limited");
    const waitMs = rateLimitWaitMs(header, this.refusalsInRow++);
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitMs);
    await this.pause.block(this.key, waitMs / 1_000).catch(() => undefined);
    return waitMs;
  }

  /** The call ended without an answer about the limits (a connection error, another refusal). */
  released(): void {
    this.gate.leave("other");
  }

  private learn(header: HeaderReader): void {
    const reading = readLimitHeaders(header);
    if (!this.configured.rpm && reading.limitRequests && reading.limitRequests !== this.requests?.perMinute) {
      this.requests = makeBucket("rpm", reading.limitRequests);
      log.info({ account: this.key, rpm: reading.limitRequests }, "model provider: requests per minute learned");
    }
    if (!this.configured.tpm && reading.limitTokens && reading.limitTokens !== this.tokens?.perMinute) {
      this.tokens = makeBucket("tpm", reading.limitTokens);
      log.info({ account: this.key, tpm: reading.limitTokens }, "model provider: tokens per minute learned");
    }
  }

  private async waitForPause(): Promise<void> {
    this.pollPause();
    for (;;) {
      const wait = this.pausedUntil - Date.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Reads the account's shared pause now and then, without holding up the call that prompts it. */
  private pollPause(): void {
    const now = Date.now();
    if (this.pausePoll || now - this.pausePolledAt < PAUSE_POLL_MS) return;
    this.pausePolledAt = now;
    this.pausePoll = this.pause
      .get(this.key)
      .then((res) => {
        if (res && res.consumedPoints > 1) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + res.msBeforeNext);
      })
      .catch(() => undefined)
      .finally(() => (this.pausePoll = undefined));
  }
}

/**
 * The limits configured for an account: the smallest RPM / TPM named by the roles that call it (LLM_RPM / LLM_TPM for
 * the OPENAI_* endpoint and key; lib/llm/endpoint.ts); an account none names learns its limits from the headers.
 */
export function configuredLimits(baseURL: string, apiKey: string): AccountLimits {
  return accountLimits(baseURL, apiKey);
}

/**
 * The account's limiter in this process (one per endpoint and key, whichever model role calls it), created with the
 * limits and the ceiling of calls in flight its first caller configures; a later caller may raise the ceiling.
 */
export function providerLimiter(
  baseURL: string,
  apiKey: string,
  limits: AccountLimits,
  maxConcurrency: number,
): ProviderLimiter {
  // One account whether or not its base URL was written with a trailing slash.
  const key = accountKey(baseURL.replace(/\/+$/, ""), apiKey);
  const limiters = (globalForLimiters.llmLimiters ??= new Map());
  let found = limiters.get(key);
  if (!found) {
    found = new ProviderLimiter(key, limits, maxConcurrency);
    limiters.set(key, found);
  } else found.raiseConcurrency(maxConcurrency);
  return found;
}
