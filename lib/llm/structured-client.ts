import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { sha256 } from "../hash";
import { JudgeReplyError } from "./judge";
import { pricedUsage, tokenCostUsd, type PricedUsage } from "./model-prices";
import { addTokenUsage } from "./token-usage";
import type { JudgeMessage } from "./judge-messages";
import { countingFetch, type RequestCounter } from "./retry";
import { accountFetch } from "./paced-fetch";
import { applyRules, sendWithRules } from "./model-rules";
import { env } from "../env";
import { timedModelCall } from "../observability/metrics";

// Structured-output calls for the panel, the context writer and the bug-type classifier: any OpenAI-compatible
// endpoint, a json_schema reply validated with zod. The SDK retries 429 / 5xx / timeouts itself (maxRetries,
// Retry-After honoured); a reply that is not the required JSON is asked again up to `malformedRetries` times.

/** One reply of the model in an agent loop: its text, its tool calls, the tokens it took and what they cost. */
export type AssistantTurn = {
  content: string | null;
  toolCalls: { id: string; name: string; arguments: string }[];
} & PricedUsage;

export type ClientOptions = {
  apiKey: string;
  baseURL?: string;
  timeoutMs: number;
  maxRetries: number;
  malformedRetries: number;
};

export type StructuredAnswer<T> = { value: T } & PricedUsage;

export type CallStats = { calls: number; malformedReplies: number } & PricedUsage;

/** What one answered call cost (model-prices.ts, pricedUsage): every reply counts, a malformed one too. */
export type CallUsage = { model: string } & PricedUsage;

export class StructuredClient {
  readonly requests: RequestCounter = { requests: 0, retries: 0 };
  /** Every answered call since the client was made, malformed replies included. */
  readonly stats: CallStats = {
    calls: 0,
    malformedReplies: 0,
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
  };
  private readonly client: OpenAI;
  private readonly usageListeners = new Set<(usage: CallUsage) => Promise<unknown>>();

  constructor(private readonly opts: ClientOptions) {
    this.client = new OpenAI({
      apiKey: opts.apiKey,
      baseURL: opts.baseURL,
      timeout: opts.timeoutMs,
      maxRetries: opts.maxRetries,
      // Paced by the account's limits and its replies capped (paced-fetch.ts), shared with every client of the account.
      fetch: countingFetch(
        this.requests,
        accountFetch(opts.baseURL, opts.apiKey, {
          maxConcurrency: Math.max(env.PANEL_CONCURRENCY, env.ATTRIBUTION_CONCURRENCY),
        }),
      ),
    });
  }

  get endpoint(): string {
    return this.client.baseURL;
  }

  /**
   * Runs `work`, calling `listener` as each reply arrives, before it is used, and waiting for it: a job's spend is
   * recorded call by call, so a worker killed later loses none of it.
   */
  async withUsage<T>(listener: (usage: CallUsage) => Promise<unknown>, work: () => Promise<T>): Promise<T> {
    const remove = this.addUsageListener(listener);
    try {
      return await work();
    } finally {
      remove();
    }
  }

  /**
   * Hears every call of this client until removed: for an owner whose calls run concurrently on one client, where a
   * listener per call (withUsage) would hear the calls of the others too.
   */
  addUsageListener(listener: (usage: CallUsage) => Promise<unknown>): () => void {
    const own = (usage: CallUsage) => listener(usage);
    this.usageListeners.add(own);
    return () => this.usageListeners.delete(own);
  }

  /** Records a reply's `usage` (prompt, cached and completion tokens, priced) and returns it. */
  private async record(model: string, rawUsage: unknown): Promise<PricedUsage> {
    const usage = pricedUsage(model, rawUsage);
    this.stats.calls += 1;
    addTokenUsage(this.stats, usage);
    this.stats.costUsd += usage.costUsd;
    for (const listener of this.usageListeners) await listener({ model, ...usage });
    return usage;
  }

  /** Hash of what besides the input decides an answer: template, reply schema, model, endpoint (cache keys). */
  configHash(parts: Record<string, unknown>): string {
    return sha256(JSON.stringify({ ...parts, endpoint: this.endpoint }));
  }

  async ask<T>(
    model: string,
    messages: JudgeMessage[],
    schemaName: string,
    jsonSchema: object,
    reply: z.ZodType<T>,
  ): Promise<StructuredAnswer<T>> {
    const spent = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
    for (let attempt = 0; ; attempt++) {
      const body = {
        model,
        temperature: 0,
        messages,
        response_format: {
          type: "json_schema",
          json_schema: { name: schemaName, strict: true, schema: jsonSchema as Record<string, unknown> },
        },
      };
      // Sent as the model accepts it (model-rules.ts).
      const completion = await sendWithRules(this.endpoint, model, (rules) =>
        timedModelCall("finding-review", () =>
          this.client.chat.completions.create(
            applyRules(body, rules) as unknown as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
          ),
        ),
      );
      addTokenUsage(spent, await this.record(model, completion.usage));
      const text = completion.choices[0]?.message?.content ?? "";
      let parsed: z.ZodSafeParseResult<T> | undefined;
      try {
        parsed = reply.safeParse(JSON.parse(text));
      } catch {
        parsed = undefined;
      }
      // The answer carries the tokens of every attempt it took, malformed ones included.
      if (parsed?.success) return { value: parsed.data, ...spent, costUsd: tokenCostUsd(model, spent) };
      this.stats.malformedReplies += 1;
      if (attempt >= this.opts.malformedRetries) {
        throw new JudgeReplyError(`model ${model} returned a reply that is not the required ${schemaName} JSON`);
      }
    }
  }

  /** One turn of a tool-using loop (a panel judge in a sandbox), counted in the same stats. */
  async completeWithTools(
    model: string,
    messages: ChatCompletionMessageParam[],
    tools: readonly object[],
  ): Promise<AssistantTurn> {
    const body = { model, temperature: 0, messages, tools, tool_choice: "auto" };
    const completion = await sendWithRules(this.endpoint, model, (rules) =>
      timedModelCall("finding-review-tools", () =>
        this.client.chat.completions.create(
          applyRules(body, rules) as unknown as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
        ),
      ),
    );
    const usage = await this.record(model, completion.usage);
    return assistantTurn(completion, usage);
  }
}

/** The turn a chat completion with tool calls makes, with its priced usage. */
export function assistantTurn(completion: OpenAI.Chat.Completions.ChatCompletion, usage: PricedUsage): AssistantTurn {
  const message = completion.choices[0]?.message;
  return {
    content: message?.content ?? null,
    toolCalls: (message?.tool_calls ?? []).flatMap((c) =>
      c.type === "function" ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
    ),
    ...usage,
  };
}
