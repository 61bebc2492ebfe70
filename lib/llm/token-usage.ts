import { z } from "zod";

// The tokens a chat completion reports in its `usage` object. Providers differ in what they send: some omit usage,
// some omit prompt_tokens_details or send it as null, some send a field as null or a string. Each count is read on its
// own, and a count that is missing or not a whole number is 0, so an odd usage object never fails a call whose answer
// is fine.

/** Tokens of one call or a sum of calls, as the replies' usage reports them. */
export type TokenUsage = {
  /** Prompt tokens, cached ones included (the usage's prompt_tokens). */
  inputTokens: number;
  /** The part of inputTokens a provider's prefix cache served (prompt_tokens_details.cached_tokens). */
  cachedInputTokens: number;
  outputTokens: number;
};

export const NO_TOKENS: TokenUsage = Object.freeze({ inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 });

const count = z.coerce.number().int().min(0).catch(0);
const usageSchema = z
  .object({
    prompt_tokens: count,
    completion_tokens: count,
    prompt_tokens_details: z.object({ cached_tokens: count }).nullish().catch(undefined),
  })
  .nullish()
  .catch(undefined);

/** The counts of a reply's `usage` (anything: absent, partial or malformed counts read as 0). */
export function parseTokenUsage(usage: unknown): TokenUsage {
  const parsed = usageSchema.parse(usage);
  if (!parsed) return NO_TOKENS;
  const inputTokens = parsed.prompt_tokens;
  return {
    inputTokens,
    // More cached than prompt tokens is a provider's miscount; the cached part never exceeds the whole.
    cachedInputTokens: Math.min(parsed.prompt_tokens_details?.cached_tokens ?? 0, inputTokens),
    outputTokens: parsed.completion_tokens,
  };
}

/** Adds `usage` into `total` in place (the per-job sums of a scoring: no write per call). */
export function addTokenUsage(total: TokenUsage, usage: TokenUsage): void {
  total.inputTokens += usage.inputTokens;
  total.cachedInputTokens += usage.cachedInputTokens;
  total.outputTokens += usage.outputTokens;
}
