import OpenAI from "openai";

// Retry what can succeed later: 429, 5xx, timeouts and dropped connections. The OpenAI SDK retries
// these itself (maxRetries); isTransientError tells the scoring job whether a failure that outlasted them may succeed
// on a later attempt of the whole job.
export function isTransientError(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true; // includes APIConnectionTimeoutError
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    // A 429 for the account's quota (billing) is never cured by waiting.
    if (error.code === "insufficient_quota" || error.type === "insufficient_quota") return false;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
  return false;
}

/** Counts of HTTP requests a client made and how many of them were retries (the SDK marks them with a header). */
export type RequestCounter = { requests: number; retries: number };

/** A fetch for the OpenAI SDK that counts its attempts; the SDK sends x-stainless-retry-count on every request. */
export function countingFetch(counter: RequestCounter, base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    counter.requests += 1;
    const headers = init?.headers;
    const retry =
      headers instanceof Headers
        ? headers.get("x-stainless-retry-count")
        : new Headers(headers).get("x-stainless-retry-count");
    if (retry && retry !== "0") counter.retries += 1;
    return base(input, init);
  };
}
