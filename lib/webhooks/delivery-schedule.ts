// Retries of a webhook delivery: exponential backoff from WEBHOOK_RETRY_DELAY_MS (30 s), doubling, for 12 attempts
// in all. The 11 waits add up to 30 s x (2^11 - 1) = 17 h 4 min; the largest first wait allowed (40 s) gives 22 h 45 min,
// inside the 24 hours a receiver may be down before a delivery is given up.
export const WEBHOOK_ATTEMPTS = 12;
const DEFAULT_FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_WINDOW_MS = 24 * 3600 * 1_000;

/** The wait before attempt `attempt + 1` after `attempt` failed (1-based), as BullMQ's exponential backoff computes it. */
export function retryDelayMs(attempt: number, firstRetryMs = DEFAULT_FIRST_RETRY_MS): number {
  return firstRetryMs * 2 ** (attempt - 1);
}

/** Whether a receiver's answer counts as delivered (any 2xx; redirects are never followed, so they are failures). */
export function isDelivered(status: number): boolean {
  return status >= 200 && status < 300;
}

// How much of a receiver's answer is kept in the delivery log; nothing past it is read.
export const RESPONSE_EXCERPT_CHARS = 500;
