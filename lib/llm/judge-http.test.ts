import { describe, expect, it } from "vitest";
import { retryDelayMs, shouldRetryStatus } from "./judge-http";

// The judge's retry policy, which follows the OpenAI SDK's (the exchange itself is tested against the fake server in
// judge.test.ts: 429, 500s, timeouts, 401, malformed replies).
describe("retryDelayMs", () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];

  it("obeys retry-after-ms, then Retry-After in seconds or as a date, at most a minute", () => {
    expect(retryDelayMs(headers({ "retry-after-ms": "5" }), 0)).toBe(5);
    expect(retryDelayMs(headers({ "retry-after-ms": "250", "retry-after": "9" }), 0)).toBe(250);
    expect(retryDelayMs(headers({ "retry-after": "2" }), 3)).toBe(2_000);
    expect(retryDelayMs(headers({ "retry-after": "86400" }), 0)).toBe(60_000);
    // A date in the past, zero or a negative delay count as absent (as in the SDK): the backoff applies.
    expect(retryDelayMs(headers({ "retry-after": new Date(Date.now() - 5_000).toUTCString() }), 0, 0)).toBe(500);
    expect(retryDelayMs(headers({ "retry-after-ms": "0" }), 1, 0)).toBe(1_000);
    expect(retryDelayMs(headers({ "retry-after-ms": "-50", "retry-after": "0" }), 2, 0)).toBe(2_000);
    const inTenSeconds = retryDelayMs(headers({ "retry-after": new Date(Date.now() + 10_000).toUTCString() }), 0);
    expect(inTenSeconds).toBeGreaterThan(8_000);
    expect(inTenSeconds).toBeLessThanOrEqual(10_000);
  });

  it("otherwise backs off from 0.5 s, doubling to at most 8 s, less up to 25% of jitter", () => {
    const none = headers({});
    expect([0, 1, 2, 3, 4, 5].map((n) => retryDelayMs(none, n, 0))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(retryDelayMs(none, 1, 0.5)).toBe(875);
    expect(retryDelayMs(headers({ "retry-after": "soon" }), 0, 0)).toBe(500);
  });
});

describe("shouldRetryStatus", () => {
  it("retries 408, 409, 429 and 5xx unless the server says otherwise", () => {
    expect([400, 401, 404, 408, 409, 422, 429, 500, 503].filter((s) => shouldRetryStatus(s, undefined))).toEqual([
      408, 409, 429, 500, 503,
    ]);
    expect(shouldRetryStatus(400, "true")).toBe(true);
    expect(shouldRetryStatus(503, "false")).toBe(false);
  });
});
