import OpenAI from "openai";

// Retry what can succeed later (STYLE.md habit 5): 429, 5xx, timeouts and dropped connections.
export function isTransientError(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true; // includes APIConnectionTimeoutError
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
  return false;
}

function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof OpenAI.APIError)) return undefined;
  const header = error.headers?.get?.("retry-after");
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, 60_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.min(date - Date.now(), 60_000));
}

export type RetryOptions = { retries: number; baseDelayMs?: number; maxDelayMs?: number; onRetry?: (attempt: number, error: unknown) => void };

/** Exponential backoff with full jitter, honouring Retry-After when the server sends one. */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const base = opts.baseDelayMs ?? 250;
  const max = opts.maxDelayMs ?? 20_000;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= opts.retries || !isTransientError(error)) throw error;
      opts.onRetry?.(attempt + 1, error);
      const backoff = Math.random() * Math.min(max, base * 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(error) ?? backoff));
    }
  }
}

/** Runs tasks with at most `limit` in flight, preserving result order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
