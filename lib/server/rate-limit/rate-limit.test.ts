import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Redis is unreachable here (nothing listens on port 1): sign-in limits fail closed, read limits fall back to
// counting in this process and still end in a refusal.
let rateLimit: typeof import("./rate-limit");
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, { REDIS_URL: "redis://127.0.0.1:1", RATE_LIMIT_API_READS: "3", RATE_LIMIT_SIGN_IN: "2" });
  vi.resetModules();
  rateLimit = await import("./rate-limit");
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterAll(() => {
  process.env = saved;
  vi.restoreAllMocks();
});

describe("rate limits without Redis", () => {
  it("refuse sign-in and sign-up attempts (fail closed)", async () => {
    await expect(rateLimit.consumeRateLimit("sign-in", "a@example.test|1.2.3.4")).rejects.toMatchObject({
      code: "unavailable",
      status: 503,
    });
    await expect(rateLimit.enforceRateLimit("sign-up", "1.2.3.4")).rejects.toMatchObject({ code: "unavailable" });
  });

  it("keep counting reads in memory and refuse past the limit", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await rateLimit.consumeRateLimit("api-read", "ip:5.6.7.8"));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    await expect(rateLimit.enforceRateLimit("api-read", "ip:5.6.7.8")).rejects.toMatchObject({
      code: "rate_limited",
      headers: { "retry-after": expect.any(String) },
    });
  });
});
