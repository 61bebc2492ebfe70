import { env, type ModelPrice } from "../env";
import { parseTokenUsage, type TokenUsage } from "./token-usage";

// What model calls cost, in dollars, from the tokens the replies report. Prices are per million tokens; the defaults
// below cover the default JUDGE_MODEL, and MODEL_PRICES_JSON adds models or replaces a default model's whole entry
// (docs/operating.md, "Model prices"). A model with no price costs an unknown amount (null), never 0: a page that
// showed $0.00 for an unpriced model would understate the spend.

/**
 * Prices checked in with the code. gpt-4.1-mini: OpenAI's API pricing page as of 2025-04-14 (the model's release):
 * $0.40 input, $0.10 cached input, $1.60 output per million tokens; the Batch API charges half.
 */
export const DEFAULT_MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  "gpt-4.1-mini": { input: 0.4, cached_input: 0.1, output: 1.6, batch_discount: 0.5 },
};

/** The price of `model`: MODEL_PRICES_JSON's entry, else the default one, else none. */
export function modelPrice(
  model: string,
  overrides: Readonly<Record<string, ModelPrice>> = env.MODEL_PRICES_JSON,
): ModelPrice | undefined {
  return overrides[model] ?? DEFAULT_MODEL_PRICES[model];
}

/**
 * Dollars for `usage` at `price`; null without a price. Cached input tokens cost the cached-input price (the input
 * price when the entry names none); `batch` applies the entry's batch discount.
 */
export function priceUsage(
  price: ModelPrice | undefined,
  usage: TokenUsage,
  opts: { batch?: boolean } = {},
): number | null {
  if (!price) return null;
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const perMillion =
    (usage.inputTokens - cached) * price.input +
    cached * (price.cached_input ?? price.input) +
    usage.outputTokens * price.output;
  const share = opts.batch ? (price.batch_discount ?? 1) : 1;
  return (perMillion * share) / 1_000_000;
}

/** One call's tokens and what they cost: the record every model role keeps per call (0 dollars when unpriced). */
export type PricedUsage = TokenUsage & { costUsd: number };

/**
 * Dollars of `usage` at `model`'s price, cached input at its cached price, for the features that store a plain
 * number (panel, attribution, audit agents, benchmark builds): 0 for a model with no price. Judge scoring records an
 * unknown cost as null instead (JudgeRunner).
 */
export function tokenCostUsd(model: string, usage: TokenUsage): number {
  return priceUsage(modelPrice(model), usage) ?? 0;
}

/**
 * A reply's `usage` object (prompt, cached and completion tokens; token-usage.ts reads any shape) priced for
 * `model`: what the panel, attribution and audit agents record for each call, as the judge does.
 */
export function pricedUsage(model: string, usage: unknown): PricedUsage {
  const tokens = parseTokenUsage(usage);
  return { ...tokens, costUsd: tokenCostUsd(model, tokens) };
}
