import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { processGlobals } from "../process-globals";
import { roleEndpoint } from "./endpoint";
import { providerLimiter } from "./provider-limiter";

// One limiter per account (endpoint and key), whichever roles call it: the judge and the panel on one account share
// its budget; attribution on another server has its own.
afterAll(() => processGlobals<{ llmLimiterRedis?: Redis }>().llmLimiterRedis?.disconnect());

describe("providerLimiter", () => {
  it("gives roles on one endpoint and key one limiter, and a role on another endpoint its own", () => {
    const e = {
      OPENAI_API_KEY: "sk-shared",
      OPENAI_BASE_URL: "http://127.0.0.1:1/v1",
      JUDGE_RPM: 40,
      PANEL_BASE_URL: "http://127.0.0.1:1/v1/",
      PANEL_TPM: 9_000,
      ATTRIBUTION_BASE_URL: "http://127.0.0.1:2/v1",
    };
    const limiterOf = (role: "judge" | "panel" | "attribution") => {
      const endpoint = roleEndpoint(role, e)!;
      return providerLimiter(endpoint.resolvedBaseURL, endpoint.apiKey, endpoint.limits, 4);
    };
    const judge = limiterOf("judge");
    expect(limiterOf("panel")).toBe(judge);
    expect(judge.limits).toEqual({ rpm: 40, tpm: 9_000 });
    const attribution = limiterOf("attribution");
    expect(attribution).not.toBe(judge);
    expect(attribution.limits).toEqual({ rpm: undefined, tpm: undefined });
  });
});
