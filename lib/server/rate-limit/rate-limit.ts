import { Redis } from "ioredis";
import { env } from "../../env";
import { AppError } from "../../errors";

// Fixed-window request counters in Redis, shared by every web instance. A window is RATE_LIMIT_WINDOW_SECONDS long;
// the first request of a window sets its expiry, so a key never outlives its window.
const INCREMENT = `
local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[1]) end
return { count, redis.call("PTTL", KEYS[1]) }`;

export type RateLimitBucket = "api-read" | "api-write" | "sign-in" | "sign-in-account" | "sign-up";

export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number };

const globalForRateLimit = globalThis as unknown as { rateLimitRedis?: Redis };

// Its own connection: BullMQ's connections wait forever for Redis, while a rate check must give up quickly.
function redis(): Redis {
  if (!globalForRateLimit.rateLimitRedis) {
    globalForRateLimit.rateLimitRedis = new Redis(env.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      commandTimeout: 1_000,
      connectTimeout: 2_000,
    });
    globalForRateLimit.rateLimitRedis.on("error", () => undefined);
  }
  return globalForRateLimit.rateLimitRedis;
}

function policy(bucket: RateLimitBucket): { limit: number; windowMs: number } {
  const windowMs = env.RATE_LIMIT_WINDOW_SECONDS * 1_000;
  switch (bucket) {
    case "api-read":
      return { limit: env.RATE_LIMIT_API_READS, windowMs };
    case "api-write":
      return { limit: env.RATE_LIMIT_API_WRITES, windowMs };
    // Password guessing and account creation are slowed per 15 minutes, whatever the API window is.
    case "sign-in":
    case "sign-up":
      return { limit: env.RATE_LIMIT_SIGN_IN, windowMs: 15 * 60 * 1_000 };
    // Per account whatever the client: client addresses can be spoofed or rotated, so guessing stays bounded.
    case "sign-in-account":
      return { limit: env.RATE_LIMIT_SIGN_IN * 5, windowMs: 15 * 60 * 1_000 };
  }
}

/** Counts one request against `bucket` for `key`. Fails open (allows) when Redis is unreachable, and says so. */
export async function consumeRateLimit(bucket: RateLimitBucket, key: string): Promise<RateLimitResult> {
  const { limit, windowMs } = policy(bucket);
  try {
    const [count, ttl] = (await redis().eval(INCREMENT, 1, `rl:${bucket}:${key}`, windowMs)) as [number, number];
    const retryAfterSeconds = Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1_000));
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
  } catch (error) {
    // Availability over strictness: the daily submission quota is kept in Postgres and still applies.
    console.error(`rate limiter unavailable (${bucket}); allowing the request:`, (error as Error).message);
    return { allowed: true, limit, remaining: limit, retryAfterSeconds: 0 };
  }
}

/** Throws a 429 with Retry-After when `key` has used up `bucket` in the current window. */
export async function enforceRateLimit(bucket: RateLimitBucket, key: string): Promise<void> {
  const result = await consumeRateLimit(bucket, key);
  if (result.allowed) return;
  const wait = result.retryAfterSeconds;
  throw new AppError("rate_limited", `Too many requests: the limit is ${result.limit} per ${describeWindow(bucket)}. Try again in ${wait} s.`, [], {
    "retry-after": String(wait),
    "x-ratelimit-limit": String(result.limit),
    "x-ratelimit-remaining": "0",
  });
}

function describeWindow(bucket: RateLimitBucket): string {
  if (bucket === "sign-in" || bucket === "sign-in-account" || bucket === "sign-up") return "15 minutes";
  const s = env.RATE_LIMIT_WINDOW_SECONDS;
  return s === 60 ? "minute" : `${s} seconds`;
}
