import { describe, expect, it } from "vitest";
import { modelPricesJsonSchema } from "../env";
import { DEFAULT_MODEL_PRICES, modelPrice, pricedUsage, priceUsage } from "./model-prices";

const usage = (inputTokens: number, cachedInputTokens: number, outputTokens: number) => ({
  inputTokens,
  cachedInputTokens,
  outputTokens,
});

describe("priceUsage", () => {
  const mini = DEFAULT_MODEL_PRICES["gpt-4.1-mini"];

  it("prices uncached input, cached input and output per million tokens", () => {
    // 2M input of which 0.5M cached: 1.5 x 0.4 + 0.5 x 0.1 + 1 x 1.6 = 0.6 + 0.05 + 1.6
    expect(priceUsage(mini, usage(2_000_000, 500_000, 1_000_000))).toBeCloseTo(2.25, 12);
    // One judge call of 600 prompt and 60 reply tokens: 600 x 0.4e-6 + 60 x 1.6e-6
    expect(priceUsage(mini, usage(600, 0, 60))).toBeCloseTo(0.000336, 12);
    expect(priceUsage(mini, usage(0, 0, 0))).toBe(0);
  });

  it("charges cached tokens the input price when the entry names no cached price", () => {
    const price = { input: 1, output: 2 };
    expect(priceUsage(price, usage(1_000_000, 1_000_000, 0))).toBeCloseTo(1, 12);
    expect(priceUsage(price, usage(1_000_000, 0, 500_000))).toBeCloseTo(2, 12);
  });

  it("applies the batch discount only to a batch", () => {
    expect(priceUsage(mini, usage(1_000_000, 0, 1_000_000), { batch: true })).toBeCloseTo(1, 12);
    expect(priceUsage({ input: 1, output: 1 }, usage(1_000_000, 0, 0), { batch: true })).toBeCloseTo(1, 12);
  });

  it("is null, never 0, without a price", () => {
    expect(priceUsage(undefined, usage(1_000, 0, 10))).toBeNull();
    expect(priceUsage(undefined, usage(0, 0, 0))).toBeNull();
  });
});

describe("modelPrice", () => {
  it("takes MODEL_PRICES_JSON's entry over the default, whole, and knows no other model", () => {
    const overrides = { "gpt-4.1-mini": { input: 0.5, output: 2 }, "local-judge": { input: 0, output: 0 } };
    expect(modelPrice("gpt-4.1-mini", {})).toEqual(DEFAULT_MODEL_PRICES["gpt-4.1-mini"]);
    expect(modelPrice("gpt-4.1-mini", overrides)).toEqual({ input: 0.5, output: 2 });
    expect(modelPrice("local-judge", overrides)).toEqual({ input: 0, output: 0 });
    expect(modelPrice("some-unpriced-model", overrides)).toBeUndefined();
  });
});

describe("MODEL_PRICES_JSON", () => {
  const problems = (text: string) =>
    modelPricesJsonSchema.safeParse(text).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it("takes the documented shape, and empty as no override", () => {
    expect(modelPricesJsonSchema.parse("")).toEqual({});
    expect(
      modelPricesJsonSchema.parse(
        '{"gpt-4.1-mini":{"input":0.4,"cached_input":0.1,"output":1.6,"batch_discount":0.5}}',
      ),
    ).toEqual({ "gpt-4.1-mini": { input: 0.4, cached_input: 0.1, output: 1.6, batch_discount: 0.5 } });
  });

  it("names what is wrong: not JSON, not an object, a missing or negative price, an unknown field", () => {
    expect(problems("{gpt: 1}")?.[0]).toContain("must be a JSON object");
    expect(problems("[1]")?.[0]).toContain("must map model names to prices");
    expect(problems('{"m":{"input":0.4}}')).toEqual([expect.stringMatching(/^m\.output: /)]);
    expect(problems('{"m":{"input":-1,"output":1}}')).toEqual([expect.stringMatching(/^m\.input: .*>=0/)]);
    expect(problems('{"m":{"input":1,"output":1,"cache":0.1}}')?.[0]).toMatch(/cache/);
    expect(problems('{"m":{"input":1,"output":1,"batch_discount":2}}')?.[0]).toMatch(/^m\.batch_discount: /);
  });
});

describe("pricedUsage", () => {
  it("reads a reply's usage with its cached tokens and prices it; a model with no price costs 0", () => {
    const usage = { prompt_tokens: 2_000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 1_024 } };
    // (2,000 - 1,024) x 0.4e-6 + 1,024 x 0.1e-6 + 100 x 1.6e-6 = 390.4e-6 + 102.4e-6 + 160e-6
    expect(pricedUsage("gpt-4.1-mini", usage)).toEqual({
      inputTokens: 2_000,
      cachedInputTokens: 1_024,
      outputTokens: 100,
      costUsd: expect.closeTo(0.0006528, 12),
    });
    expect(pricedUsage("no-such-model", usage).costUsd).toBe(0);
    expect(pricedUsage("gpt-4.1-mini", undefined)).toEqual({
      inputTokens: 0,
      cachedInputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
    });
  });
});
