import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../../env";
import { AppError } from "../../errors";
import { log } from "../../observability/log";
import { processGlobals } from "../../process-globals";

// Request limits shared by every web instance, counted in Redis by rate-limiter-flexible (fixed windows per key).
// Most buckets carry an in-memory insurance limiter: when Redis is unreachable each instance keeps counting on its
// own, so limits loosen (by the number of instances) but never vanish. Sign-in and sign-up have no insurance: they
// fail closed, because a password guesser would otherwise gain a fresh allowance per instance and per restart.
export type RateLimitBucket =
  | "public-read"
  | "public-prefetch"
  | "api-read"
  | "api-write"
  | "sign-in"
  | "sign-in-account"
  | "sign-up"
  | "upload-in-flight"
  | "webhook-test";

// A page view makes 30 to 60 link prefetches (Next.js fetches the pages its visible links lead to): counted apart,
// with room for this many per page read, so a reader who browses quickly is not refused pages for what the browser
// fetched on its own, while requests that claim to be prefetches are still bounded.
const PREFETCHES_PER_PAGE_READ = 4;

export type RateLimitResult = { allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number };

type Policy = { limit: number; windowSeconds: number; failClosed: boolean; describe: string };

const FIFTEEN_MINUTES = 15 * 60;
/** How long an upload's slot outlives its last renewal (a third of it apart) when its web process dies. */
export const UPLOAD_SLOT_LEASE_SECONDS = 30;

function policy(bucket: RateLimitBucket): Policy {
  const windowSeconds = env.RATE_LIMIT_WINDOW_SECONDS;
  const window = windowSeconds === 60 ? "minute" : `${windowSeconds} seconds`;
  switch (bucket) {
    case "public-read":
      return { limit: env.RATE_LIMIT_PUBLIC_READS, windowSeconds, failClosed: false, describe: window };
    case "public-prefetch":
      return {
        limit: env.RATE_LIMIT_PUBLIC_READS * PREFETCHES_PER_PAGE_READ,
        windowSeconds,
        failClosed: false,
        describe: window,
      };
    case "api-read":
      return { limit: env.RATE_LIMIT_API_READS, windowSeconds, failClosed: false, describe: window };
    case "api-write":
      return { limit: env.RATE_LIMIT_API_WRITES, windowSeconds, failClosed: false, describe: window };
    // Password guessing and account creation are slowed per 15 minutes, whatever the API window is.
    case "sign-in":
    case "sign-up":
      return {
        limit: env.RATE_LIMIT_SIGN_IN,
        windowSeconds: FIFTEEN_MINUTES,
        failClosed: true,
        describe: "15 minutes",
      };
    // Per account whatever the client: client addresses can be rotated, so guessing one account stays bounded.
    case "sign-in-account":
      return {
        limit: env.RATE_LIMIT_SIGN_IN * 5,
        windowSeconds: FIFTEEN_MINUTES,
        failClosed: true,
        describe: "15 minutes",
      };
    // Per user: each test event can hold a delivery slot for a whole timeout, 12 times over (lib/webhooks/fair-share.ts).
    case "webhook-test":
      return { limit: env.WEBHOOK_TEST_EVENTS_PER_HOUR, windowSeconds: 3600, failClosed: false, describe: "hour" };
    // Not a rate: uploads a user has in flight. Consumed when one starts and given back when it ends; the window is
    // a lease its holder renews while the upload runs (renewRateLimit), so the slots of a web process killed
    // mid-upload are free again one lease after its last renewal.
    case "upload-in-flight":
      return {
        limit: env.UPLOADS_IN_FLIGHT_PER_USER,
        windowSeconds: UPLOAD_SLOT_LEASE_SECONDS,
        failClosed: false,
        describe: "at once",
      };
  }
}

const globalForRateLimit = processGlobals<{
  rateLimitRedis?: Redis;
  rateLimiters?: Map<RateLimitBucket, RateLimiterRedis>;
}>();

// Its own connection: BullMQ's connections wait forever for Redis, while a rate check must give up quickly.
function redis(): Redis {
  if (!globalForRateLimit.rateLimitRedis) {
    globalForRateLimit.rateLimitRedis = new Redis(env.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 1_000,
      connectTimeout: 2_000,
    });
    globalForRateLimit.rateLimitRedis.on("error", () => undefined);
  }
  return globalForRateLimit.rateLimitRedis;
}

function limiter(bucket: RateLimitBucket): RateLimiterRedis {
  const limiters = (globalForRateLimit.rateLimiters ??= new Map());
  let found = limiters.get(bucket);
  if (!found) {
    const { limit, windowSeconds, failClosed } = policy(bucket);
    found = new RateLimiterRedis({
      storeClient: redis(),
      keyPrefix: `rl:${bucket}`,
      points: limit,
      duration: windowSeconds,
      // Answer at once while Redis is down instead of queueing behind a reconnect.
      rejectIfRedisNotReady: true,
      insuranceLimiter: failClosed ? undefined : new RateLimiterMemory({ points: limit, duration: windowSeconds }),
    });
    limiters.set(bucket, found);
  }
  return found;
}

/**
 * Counts one request against `bucket` for `key`. A bucket without insurance throws a 503 when Redis cannot be
 * asked (fail closed); the others fall back to counting in this process.
 */
export async function consumeRateLimit(bucket: RateLimitBucket, key: string): Promise<RateLimitResult> {
  const { limit, failClosed } = policy(bucket);
  try {
    const result = await limiter(bucket).consume(key);
    return { allowed: true, limit, remaining: result.remainingPoints, retryAfterSeconds: 0 };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return {
        allowed: false,
        limit,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1_000)),
      };
    }
    log.warn({ bucket, err: error }, "rate limiter unavailable");
    if (failClosed)
      throw new AppError("unavailable", "This is temporarily unavailable. Try again in a minute.", [], {
        "retry-after": "60",
      });
    // Unreachable with an insurance limiter; kept so a store error can never let a request through unannounced.
    throw new AppError("unavailable", "The service is busy. Try again in a minute.", [], { "retry-after": "60" });
  }
}

/** Gives back a point taken by consumeRateLimit (an upload that finished). */
export async function releaseRateLimit(bucket: RateLimitBucket, key: string): Promise<void> {
  await limiter(bucket)
    .reward(key, 1)
    .catch((error: unknown) => log.warn({ bucket, err: error }, "rate limiter could not release"));
}

/**
 * Starts `key`'s window in `bucket` afresh: a holder of a slot that is still alive says so. Best effort: with Redis
 * away the slot is counted in this process (the insurance limiter), which dies with it.
 */
export async function renewRateLimit(bucket: RateLimitBucket, key: string): Promise<void> {
  await redis()
    .expire(`rl:${bucket}:${key}`, policy(bucket).windowSeconds)
    .catch((error: unknown) => log.warn({ bucket, err: error }, "rate limiter could not renew"));
}

export function rateLimitedError(bucket: RateLimitBucket, result: RateLimitResult, message?: string): AppError {
  const wait = result.retryAfterSeconds;
  return new AppError(
    "rate_limited",
    message ??
      `Too many requests: the limit is ${result.limit} per ${policy(bucket).describe}. Try again in ${wait} s.`,
    [],
    {
      "retry-after": String(wait),
      "x-ratelimit-limit": String(result.limit),
      "x-ratelimit-remaining": "0",
    },
  );
}

/** Throws a 429 with Retry-After when `key` has used up `bucket` in the current window. */
export async function enforceRateLimit(bucket: RateLimitBucket, key: string): Promise<void> {
  const result = await consumeRateLimit(bucket, key);
  if (!result.allowed) throw rateLimitedError(bucket, result);
}
