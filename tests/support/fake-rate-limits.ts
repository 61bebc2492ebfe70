// An account's limits as OpenAI documents them, for the fake endpoint: requests and tokens per minute as token
// buckets refilled continuously; a request is admitted when both hold enough (the prompt's characters / 4 plus the
// max_tokens it asks for), the completion's tokens are taken as it is answered; over the limit, 429 with
// `code: "rate_limit_exceeded"` and the x-ratelimit-* headers, and no Retry-After. Every reply carries the headers.

export type AccountLimits = { rpm: number; tpm: number };

type Bucket = { capacity: number; level: number; at: number };

function refill(bucket: Bucket, now: number): void {
  bucket.level = Math.min(bucket.capacity, bucket.level + ((now - bucket.at) * bucket.capacity) / 60_000);
  bucket.at = now;
}

/** Go's duration format, as OpenAI writes its reset headers ("1s", "6m0s", "120ms"). */
export function goDuration(ms: number): string {
  if (ms < 1_000) return `${Math.ceil(ms)}ms`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = (ms - minutes * 60_000) / 1_000;
  const s = `${Number(seconds.toFixed(3))}s`;
  return minutes > 0 ? `${minutes}m${s}` : s;
}

export class FakeAccount {
  private readonly requests: Bucket;
  private readonly tokens: Bucket;
  /** `startShare`: how full the buckets are at first (below 1: an account another client has just used). */
  constructor(
    readonly limits: AccountLimits,
    startShare = 1,
  ) {
    const now = Date.now();
    this.requests = { capacity: limits.rpm, level: limits.rpm * startShare, at: now };
    this.tokens = { capacity: limits.tpm, level: limits.tpm * startShare, at: now };
  }

  private headers(now: number): Record<string, string> {
    refill(this.requests, now);
    refill(this.tokens, now);
    const untilFull = (b: Bucket) => ((b.capacity - b.level) * 60_000) / b.capacity;
    return {
      "x-ratelimit-limit-requests": String(this.limits.rpm),
      "x-ratelimit-limit-tokens": String(this.limits.tpm),
      "x-ratelimit-remaining-requests": String(Math.max(0, Math.floor(this.requests.level))),
      "x-ratelimit-remaining-tokens": String(Math.max(0, Math.floor(this.tokens.level))),
      "x-ratelimit-reset-requests": goDuration(untilFull(this.requests)),
      "x-ratelimit-reset-tokens": goDuration(untilFull(this.tokens)),
    };
  }

  /** Admits a request of `promptChars` asking for `maxTokens`, or says it is over the limit (a 429's body). */
  admit(
    promptChars: number,
    maxTokens: number,
  ): { ok: true; headers: Record<string, string> } | { ok: false; body: unknown; headers: Record<string, string> } {
    const now = Date.now();
    const headers = this.headers(now);
    const needed = Math.ceil(promptChars / 4) + maxTokens;
    const which = this.requests.level < 1 ? "requests" : this.tokens.level < needed ? "tokens" : undefined;
    if (which) {
      const [limit, used] =
        which === "requests"
          ? [this.limits.rpm, this.limits.rpm - Math.floor(this.requests.level)]
          : [this.limits.tpm, this.limits.tpm - Math.floor(this.tokens.level)];
      return {
        ok: false,
        headers,
        body: {
          error: {
            message: `Rate limit reached for fake-model on ${which} per min (RPM/TPM): Limit ${limit}, Used ${used}, Requested ${which === "requests" ? 1 : needed}.`,
            type: which,
            param: null,
            code: "rate_limit_exceeded",
          },
        },
      };
    }
    this.requests.level -= 1;
    this.tokens.level -= needed;
    return { ok: true, headers: this.headers(now) };
  }

  /** Takes the completion's tokens once it is answered (the bucket may go below zero; later requests wait). */
  charge(completionTokens: number): void {
    refill(this.tokens, Date.now());
    this.tokens.level -= completionTokens;
  }
}
