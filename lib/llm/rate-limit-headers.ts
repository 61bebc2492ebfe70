// What a provider's reply says about the account's limits: OpenAI's x-ratelimit-* headers (durations such as "6m0s",
// "1.5s", "120ms"), Anthropic's anthropic-ratelimit-* (RFC 3339 reset times), and retry-after-ms / Retry-After. Pure:
// the limiter (provider-limiter.ts) decides what to do with them.

export type HeaderReader = (name: string) => string | undefined;

export type LimitReading = {
  limitRequests?: number;
  limitTokens?: number;
  remainingRequests?: number;
  remainingTokens?: number;
  /** Milliseconds until the request bucket is full again (OpenAI) or until its window resets (Anthropic). */
  resetRequestsMs?: number;
  resetTokensMs?: number;
};

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/** OpenAI's reset durations ("1s", "6m0s", "1h2m3.5s", "120ms"), or an RFC 3339 / HTTP date (Anthropic); ms from now. */
export function parseResetMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length > 0 && parts.map((p) => p[0]).join("") === text)
    return parts.reduce((ms, p) => ms + Number.parseFloat(p[1]!) * UNIT_MS[p[2]!]!, 0);
  if (/^\d+(\.\d+)?$/.test(text)) return Number.parseFloat(text) * 1_000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function count(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The limits a reply reports, OpenAI's names first, then Anthropic's; fields absent when not sent. */
export function readLimitHeaders(header: HeaderReader, now: number = Date.now()): LimitReading {
  const first = (...names: string[]) => names.map(header).find((v) => v !== undefined && v !== "");
  const reading: LimitReading = {
    limitRequests: count(first("x-ratelimit-limit-requests", "anthropic-ratelimit-requests-limit")),
    limitTokens: count(first("x-ratelimit-limit-tokens", "anthropic-ratelimit-tokens-limit")),
    remainingRequests: count(first("x-ratelimit-remaining-requests", "anthropic-ratelimit-requests-remaining")),
    remainingTokens: count(first("x-ratelimit-remaining-tokens", "anthropic-ratelimit-tokens-remaining")),
    resetRequestsMs: parseResetMs(first("x-ratelimit-reset-requests", "anthropic-ratelimit-requests-reset"), now),
    resetTokensMs: parseResetMs(first("x-ratelimit-reset-tokens", "anthropic-ratelimit-tokens-reset"), now),
  };
  for (const key of Object.keys(reading) as (keyof LimitReading)[]) if (reading[key] === undefined) delete reading[key];
  return reading;
}

/**
 * The server's own retry delay: retry-after-ms, else Retry-After (seconds or an HTTP date). Zero, negative and
 * unreadable values count as absent, as in the OpenAI SDK (client.mjs), so a server sending "0" cannot make a client
 * retry at once in a loop.
 */
export function serverRetryMs(header: HeaderReader, now: number = Date.now()): number | undefined {
  const afterMs = Number.parseFloat(header("retry-after-ms") ?? "");
  if (Number.isFinite(afterMs) && afterMs > 0) return afterMs;
  const after = header("retry-after");
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  const ms = /^\s*-?\d+(\.\d+)?\s*$/.test(after) ? seconds * 1_000 : Date.parse(after) - now;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

// A 429 without a retry delay waits this long, doubling per refusal in a row.
const BARE_429_MS = 1_000;
const MIN_RATE_LIMIT_WAIT_MS = 100;
const MAX_RATE_LIMIT_WAIT_MS = 120_000;

/**
 * How long a 429 for the rate limit asks every caller of the account to hold off: the server's retry delay if sent;
 * else a backoff by the number of refusals in a row (1 s doubling), but no longer than the reset time of the bucket
 * that ran out (OpenAI's reset is when the bucket is full again, far longer than room for the next call; the limiter
 * paces what follows). Never less than 100 ms nor more than 2 minutes.
 */
export function rateLimitWaitMs(header: HeaderReader, refusalsInRow: number, now: number = Date.now()): number {
  const clamp = (ms: number) => Math.min(Math.max(ms, MIN_RATE_LIMIT_WAIT_MS), MAX_RATE_LIMIT_WAIT_MS);
  const server = serverRetryMs(header, now);
  if (server !== undefined) return clamp(server);
  const r = readLimitHeaders(header, now);
  const requestsOut = r.remainingRequests === 0 ? r.resetRequestsMs : undefined;
  const tokensOut = r.remainingTokens === 0 ? r.resetTokensMs : undefined;
  const named = Math.max(requestsOut ?? 0, tokensOut ?? 0) || Math.max(r.resetRequestsMs ?? 0, r.resetTokensMs ?? 0);
  const backoff = BARE_429_MS * 2 ** Math.min(refusalsInRow, 7);
  return clamp(named > 0 ? Math.min(named, backoff) : backoff);
}

/**
 * What a refusal means for the caller. Only `rate_limited` (and 5xx, timeouts) can be cured by waiting; the others
 * are the account's or the configuration's, each with its own message (worker/jobs/classify-job-error.ts).
 */
export type RefusalKind =
  | "rate_limited"
  | "insufficient_quota"
  | "unauthorized"
  | "model_not_found"
  | "context_length"
  | "unsupported_parameter"
  | "other";

type ErrorBody = { error?: { code?: unknown; type?: unknown; message?: unknown; param?: unknown } } | undefined;

/** Sorts a non-2xx reply by status and the OpenAI error object's code, type and message. */
export function classifyRefusal(status: number, body: unknown): RefusalKind {
  const error = (body as ErrorBody)?.error;
  const code = typeof error?.code === "string" ? error.code : "";
  const type = typeof error?.type === "string" ? error.type : "";
  const message = typeof error?.message === "string" ? error.message.toLowerCase() : "";
  if (code === "insufficient_quota" || type === "insufficient_quota") return "insufficient_quota";
  if (status === 429) return "rate_limited";
  if (status === 401 || status === 403) return "unauthorized";
  if (code === "model_not_found" || (status === 404 && message.includes("model"))) return "model_not_found";
  if (code === "context_length_exceeded" || message.includes("maximum context length")) return "context_length";
  if (code === "unsupported_parameter" || code === "unsupported_value") return "unsupported_parameter";
  return "other";
}
