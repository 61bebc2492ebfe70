import { describe, expect, it } from "vitest";
import { addTokenUsage, parseTokenUsage } from "./token-usage";

describe("parseTokenUsage", () => {
  it("reads prompt, cached and completion tokens of a full usage object", () => {
    const usage = {
      prompt_tokens: 2_006,
      completion_tokens: 300,
      total_tokens: 2_306,
      prompt_tokens_details: { cached_tokens: 1_920, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0 },
    };
    expect(parseTokenUsage(usage)).toEqual({ inputTokens: 2_006, cachedInputTokens: 1_920, outputTokens: 300 });
  });

  it("counts what a provider omits, nulls or garbles as 0, and keeps the rest", () => {
    expect(parseTokenUsage(undefined)).toEqual({ inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 });
    expect(parseTokenUsage(null)).toEqual({ inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 });
    expect(parseTokenUsage("n/a")).toEqual({ inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 });
    expect(parseTokenUsage({ prompt_tokens: 50, completion_tokens: 7 })).toEqual({
      inputTokens: 50,
      cachedInputTokens: 0,
      outputTokens: 7,
    });
    expect(parseTokenUsage({ prompt_tokens: 50, prompt_tokens_details: null, completion_tokens: null })).toEqual({
      inputTokens: 50,
      cachedInputTokens: 0,
      outputTokens: 0,
    });
    expect(
      parseTokenUsage({ prompt_tokens: "80", completion_tokens: -3, prompt_tokens_details: { cached_tokens: 1.5 } }),
    ).toEqual({ inputTokens: 80, cachedInputTokens: 0, outputTokens: 0 });
    expect(parseTokenUsage({ prompt_tokens_details: "none", completion_tokens: 4 })).toEqual({
      inputTokens: 0,
      cachedInputTokens: 0,
      outputTokens: 4,
    });
  });

  it("never reports more cached tokens than prompt tokens", () => {
    expect(parseTokenUsage({ prompt_tokens: 100, prompt_tokens_details: { cached_tokens: 1_024 } })).toMatchObject({
      inputTokens: 100,
      cachedInputTokens: 100,
    });
  });
});

describe("addTokenUsage", () => {
  it("sums calls in place", () => {
    const total = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
    addTokenUsage(total, { inputTokens: 1_500, cachedInputTokens: 1_024, outputTokens: 40 });
    addTokenUsage(total, { inputTokens: 600, cachedInputTokens: 0, outputTokens: 35 });
    expect(total).toEqual({ inputTokens: 2_100, cachedInputTokens: 1_024, outputTokens: 75 });
  });
});
