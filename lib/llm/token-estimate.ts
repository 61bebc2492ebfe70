import { countTokens } from "gpt-tokenizer";

// What a call will count against the account's tokens per minute, before it is sent: the prompt's tokens by the
// o200k tokenizer (gpt-tokenizer), never below a quarter of its characters (the rule of thumb providers estimate by
// before they tokenize), plus the reply's allowance. After the reply the limiter charges what the usage reports.

/** Tokens the chat format adds per message (role and separators), as OpenAI's cookbook counts them. */
const TOKENS_PER_MESSAGE = 4;

type Message = { content?: unknown };

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part) => (typeof part === "object" && part && "text" in part ? String(part.text) : ""))
      .join("");
  return content === undefined || content === null ? "" : JSON.stringify(content);
}

/** The prompt's tokens as a provider counts them against its limit, at least characters / 4. */
export function estimatePromptTokens(messages: readonly Message[]): number {
  let tokens = 0;
  for (const message of messages) {
    const text = textOf(message.content);
    tokens += Math.max(countTokens(text), Math.ceil(text.length / 4)) + TOKENS_PER_MESSAGE;
  }
  return tokens;
}

// Buckets hold this many seconds of the limit (provider-limiter.ts says why a few seconds and not a minute); a limit
// under one a window's worth is counted per minute.
const WINDOW_SECONDS = 10;
// The burst allowance is renewed this often: a provider's bucket refills only while the account uses less than its
// rate, which fixed windows cannot see, so the allowance comes back rarely (at most one extra burst per period).
const BURST_SECONDS = 600;

/**
 * The fixed window a per-minute limit is counted in and the points it holds, and a burst allowance on top: a
 * provider's bucket starts full (a minute's worth), and two windows back to back plus two bursts stay within it.
 */
export function bucketWindow(perMinute: number): {
  seconds: number;
  points: number;
  burstPoints: number;
  burstSeconds: number;
} {
  const points = Math.floor((perMinute * WINDOW_SECONDS) / 60);
  if (points < 1) return { seconds: 60, points: Math.max(1, Math.floor(perMinute)), burstPoints: 0, burstSeconds: 60 };
  return {
    seconds: WINDOW_SECONDS,
    points,
    burstPoints: Math.max(0, Math.floor((perMinute - 2 * points) / 3)),
    burstSeconds: BURST_SECONDS,
  };
}

/**
 * The reply's allowance: what replies used lately (a moving average, with a quarter more for room), starting from
 * `initial`. Reasoning models spend hidden reasoning tokens, so the allowance follows the usage rather than a guess.
 */
export class ReplyAllowance {
  private average: number;
  constructor(initial: number) {
    this.average = initial;
  }
  get tokens(): number {
    return Math.max(16, Math.ceil(this.average * 1.25));
  }
  observe(completionTokens: number): void {
    this.average = this.average * 0.9 + completionTokens * 0.1;
  }
}
