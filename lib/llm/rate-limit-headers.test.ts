import { describe, expect, it } from "vitest";
import { classifyRefusal, parseResetMs, rateLimitWaitMs, readLimitHeaders, serverRetryMs } from "./rate-limit-headers";

const headers = (h: Record<string, string>) => (name: string) => h[name];
const NOW = Date.parse("2026-01-01T00:00:00Z");

describe("parseResetMs", () => {
  it("reads OpenAI's durations and Anthropic's RFC 3339 times", () => {
    expect(parseResetMs("1s")).toBe(1_000);
    expect(parseResetMs("6m0s")).toBe(360_000);
    expect(parseResetMs("1h2m3.5s")).toBe(3_723_500);
    expect(parseResetMs("120ms")).toBe(120);
    expect(parseResetMs("2026-01-01T00:00:30Z", NOW)).toBe(30_000);
    expect(parseResetMs("2025-12-31T23:59:00Z", NOW)).toBe(0);
    expect(parseResetMs("soon")).toBeUndefined();
    expect(parseResetMs(undefined)).toBeUndefined();
  });
});

describe("readLimitHeaders", () => {
  it("reads OpenAI's names, else Anthropic's, and leaves out what is not sent", () => {
    expect(
      readLimitHeaders(
        headers({
          "x-ratelimit-limit-requests": "120",
          "x-ratelimit-limit-tokens": "40000",
          "x-ratelimit-remaining-requests": "0",
          "x-ratelimit-reset-requests": "500ms",
        }),
      ),
    ).toEqual({ limitRequests: 120, limitTokens: 40_000, remainingRequests: 0, resetRequestsMs: 500 });
    expect(
      readLimitHeaders(
        headers({
          "anthropic-ratelimit-requests-limit": "50",
          "anthropic-ratelimit-tokens-remaining": "10",
          "anthropic-ratelimit-tokens-reset": "2026-01-01T00:00:02Z",
        }),
        NOW,
      ),
    ).toEqual({ limitRequests: 50, remainingTokens: 10, resetTokensMs: 2_000 });
    expect(readLimitHeaders(headers({}))).toEqual({});
  });
});

describe("serverRetryMs", () => {
  it("takes retry-after-ms, else Retry-After; zero, negative and past values count as absent", () => {
    expect(serverRetryMs(headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(serverRetryMs(headers({ "retry-after-ms": "0", "retry-after": "2" }))).toBe(2_000);
    expect(serverRetryMs(headers({ "retry-after-ms": "-5" }))).toBeUndefined();
    expect(serverRetryMs(headers({ "retry-after": "0" }))).toBeUndefined();
    expect(serverRetryMs(headers({ "retry-after": "Thu, 01 Jan 2026 00:00:10 GMT" }), NOW)).toBe(10_000);
    expect(serverRetryMs(headers({ "retry-after": "Wed, 31 Dec 2025 00:00:10 GMT" }), NOW)).toBeUndefined();
  });
});

describe("rateLimitWaitMs", () => {
  it("waits for the server's delay, else backs off, no longer than the reset of the bucket that ran out", () => {
    expect(rateLimitWaitMs(headers({ "retry-after-ms": "700" }), 0)).toBe(700);
    const out = {
      "x-ratelimit-remaining-requests": "3",
      "x-ratelimit-remaining-tokens": "0",
      "x-ratelimit-reset-requests": "20s",
      "x-ratelimit-reset-tokens": "1.5s",
    };
    expect(rateLimitWaitMs(headers(out), 0)).toBe(1_000);
    expect(rateLimitWaitMs(headers(out), 1)).toBe(1_500);
    expect(
      rateLimitWaitMs(headers({ "x-ratelimit-reset-tokens": "30s", "x-ratelimit-remaining-tokens": "0" }), 2),
    ).toBe(4_000);
    expect([0, 1, 2].map((n) => rateLimitWaitMs(headers({}), n))).toEqual([1_000, 2_000, 4_000]);
  });

  it("never asks for less than 100 ms (a 'retry now' loop) nor more than 2 minutes", () => {
    expect(
      rateLimitWaitMs(headers({ "x-ratelimit-reset-requests": "5ms", "x-ratelimit-remaining-requests": "0" }), 0),
    ).toBe(100);
    expect(rateLimitWaitMs(headers({ "retry-after": "3600" }), 0)).toBe(120_000);
  });
});

describe("classifyRefusal", () => {
  it("tells a rate limit from what waiting never cures", () => {
    const body = (code: string, message = "") => ({ error: { code, message } });
    expect(classifyRefusal(429, body("rate_limit_exceeded"))).toBe("rate_limited");
    expect(classifyRefusal(429, undefined)).toBe("rate_limited");
    expect(classifyRefusal(429, body("insufficient_quota"))).toBe("insufficient_quota");
    expect(classifyRefusal(401, body("invalid_api_key"))).toBe("unauthorized");
    expect(classifyRefusal(404, body("model_not_found"))).toBe("model_not_found");
    expect(classifyRefusal(400, body("context_length_exceeded"))).toBe("context_length");
    expect(classifyRefusal(400, body("", "This model's maximum context length is 128000 tokens"))).toBe(
      "context_length",
    );
    expect(classifyRefusal(400, body("unsupported_parameter"))).toBe("unsupported_parameter");
    expect(classifyRefusal(500, undefined)).toBe("other");
  });
});
