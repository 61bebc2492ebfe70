import { setTimeout as sleep } from "node:timers/promises";
import OpenAI from "openai";
import { env } from "../env";
import { cappedFetch } from "./reply-cap";
import { configuredLimits, providerLimiter, type AccountLimits, type ProviderLimiter } from "./provider-limiter";
import { classifyRefusal } from "./rate-limit-headers";
import { estimatePromptTokens, ReplyAllowance } from "./token-estimate";

// The account's limiter and the reply cap for the model clients built on the OpenAI SDK (panel, attribution, audit
// agents, embeddings), as a fetch the SDK is given: each request waits for the account's limits; a 429 for the rate
// limit waits for the reset the provider names and is sent again here, so the SDK never spends a retry on it; a 429
// for the quota reaches the SDK marked `x-should-retry: false`, since waiting never cures it. The judge's own client
// (judge-http.ts) does the same in its exchange.

// After this long refused for the rate limit without an answer, the refusal goes to the SDK's own retries.
const MAX_RATE_LIMITED_MS = 60 * 60_000;

/** The prompt's tokens of a chat completion or embeddings request body, characters / 4 for anything else. */
function requestTokens(body: string): number {
  try {
    const parsed = JSON.parse(body) as { messages?: { content?: unknown }[]; input?: unknown };
    if (Array.isArray(parsed.messages)) return estimatePromptTokens(parsed.messages);
    if (parsed.input !== undefined)
      return estimatePromptTokens(
        (Array.isArray(parsed.input) ? parsed.input : [parsed.input]).map((content) => ({ content })),
      );
  } catch {
    // Not JSON: counted by its length below.
  }
  return Math.ceil(body.length / 4);
}

function usedTokens(json: unknown): number | undefined {
  const usage = (json as { usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } })
    ?.usage;
  if (!usage) return undefined;
  return usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0);
}

/** A fetch paced by `limiter`, its replies capped at `capBytes`. */
function pacedFetch(limiter: ProviderLimiter, capBytes: number, base: typeof fetch = fetch): typeof fetch {
  const capped = cappedFetch(capBytes, base);
  const allowance = new ReplyAllowance(env.LLM_REPLY_TOKENS);
  return async (input, init) => {
    const body = typeof init?.body === "string" ? init.body : undefined;
    const prompt = limiter.countsTokens && body ? requestTokens(body) : 0;
    let rateLimitedSince: number | undefined;
    for (;;) {
      const admission = await limiter.admit(prompt + allowance.tokens);
      let response: Response;
      try {
        response = await capped(input, init);
      } catch (error) {
        limiter.released();
        throw error;
      }
      const header = (name: string) => response.headers.get(name) ?? undefined;
      if (response.ok) {
        void response
          .clone()
          .json()
          .then((json: unknown) => {
            const completion = (json as { usage?: { completion_tokens?: number } })?.usage?.completion_tokens;
            if (completion !== undefined) allowance.observe(completion);
            limiter.answered(admission, header, usedTokens(json));
          })
          .catch(() => limiter.answered(admission, header, undefined));
        return response;
      }
      if (response.status !== 429) {
        limiter.released();
        return response;
      }
      const text = await response.text().catch(() => "");
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const headers = new Headers(response.headers);
      if (classifyRefusal(429, json) === "rate_limited") {
        const waitMs = await limiter.rateLimited(header);
        rateLimitedSince ??= Date.now();
        if (Date.now() - rateLimitedSince < MAX_RATE_LIMITED_MS) {
          await sleep(waitMs);
          continue;
        }
      } else {
        limiter.released();
        headers.set("x-should-retry", "false");
      }
      return new Response(text, { status: 429, statusText: response.statusText, headers });
    }
  };
}

/** The base URL the SDK will call for `baseURL` (its default, or OPENAI_BASE_URL, when none is given). */
function resolvedBaseURL(baseURL: string | undefined): string {
  return new OpenAI({ apiKey: "unused", baseURL }).baseURL;
}

/** The paced, capped fetch of an SDK client on `baseURL` with `apiKey` (one limiter per account, shared). */
export function accountFetch(
  baseURL: string | undefined,
  apiKey: string,
  opts: { limits?: AccountLimits; maxConcurrency: number; capBytes?: number },
): typeof fetch {
  const endpoint = resolvedBaseURL(baseURL);
  const limiter = providerLimiter(
    endpoint,
    apiKey,
    opts.limits ?? configuredLimits(endpoint, apiKey),
    opts.maxConcurrency,
  );
  return pacedFetch(limiter, opts.capBytes ?? env.LLM_MAX_REPLY_BYTES);
}
