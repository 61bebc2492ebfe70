import { setTimeout as sleep } from "node:timers/promises";
import http from "node:http";
import https from "node:https";
import OpenAI from "openai";
import { z } from "zod";
import type { RequestCounter } from "./retry";
import { createTurnPacer } from "./turn-pacer";
import { classifyRefusal, serverRetryMs } from "./rate-limit-headers";
import type { ProviderLimiter } from "./provider-limiter";
import { estimatePromptTokens, ReplyAllowance } from "./token-estimate";
import { ReplyTooLargeError } from "./reply-cap";
import { parseTokenUsage, type TokenUsage } from "./token-usage";

// The duplicate judge's exchange with a chat-completions endpoint: one POST over keep-alive node:http / node:https
// agents, the OpenAI SDK's retry policy, and the SDK's error classes, so callers (lib/llm/retry.ts, the job failure
// rules) see exactly what the SDK would throw.
//
// Why not the SDK itself: scoring makes up to JUDGE_CONCURRENCY judge calls at once, 1,280 a second at 256 calls and
// 200 ms, and the client's CPU per call is what caps that (docs/performance.md). Through the SDK (with node:http under
// it) a call cost 0.59 ms of CPU on the scoring thread, about a third of it building and reading Headers, Response and
// stream objects and formatting log details that are never printed; this exchange costs 0.21 ms. Every other model
// call (panel, attribution, audit agents) goes through the SDK.

/** Replies parsed per turn of the event loop; replies that arrive in a burst are spread over turns (judge-runner.ts). */
const REPLIES_PER_TURN = 16;
const replyTurn = createTurnPacer(REPLIES_PER_TURN);

// The SDK's backoff (client.mjs, calculateDefaultRetryTimeoutMillis): 0.5 s doubling to at most 8 s, minus up to 25%.
const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;
// A server's Retry-After is obeyed up to this long; the SDK obeys any value, which lets an endpoint park a job.
const MAX_SERVER_RETRY_DELAY_MS = 60_000;

const agents = {
  "http:": new http.Agent({ keepAlive: true, scheduling: "lifo" }),
  "https:": new https.Agent({ keepAlive: true, scheduling: "lifo" }),
};

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })),
  // Read leniently (token-usage.ts): a provider's odd usage object must not turn a good verdict into a malformed reply.
  usage: z.unknown(),
});

export type Completion = { content: string } & TokenUsage;

// A refusal for the rate limit is waited out rather than counted against maxRetries; after this long without a
// single answer, the call fails as unavailable (the job's own retries take over).
const MAX_RATE_LIMITED_MS = 60 * 60_000;

/** The body answered was not a chat completion (a malformed reply: the caller may ask again). */
export class CompletionShapeError extends Error {}

type RawReply = { status: number; headers: http.IncomingHttpHeaders; body: string };

class TimeoutError extends Error {}

/** Whether the SDK would retry this status (client.mjs, shouldRetry), the server's x-should-retry first. */
export function shouldRetryStatus(status: number, shouldRetryHeader: string | undefined): boolean {
  if (shouldRetryHeader === "true") return true;
  if (shouldRetryHeader === "false") return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * How long to wait before retry number `retriesDone + 1`: the server's retry-after-ms, else Retry-After (seconds or an
 * HTTP date), at most a minute; else the SDK's exponential backoff with jitter (`random` in [0, 1)). Zero or negative
 * server delays count as absent (as in the SDK), so an endpoint cannot make the client retry at once in a loop.
 */
export function retryDelayMs(
  header: (name: string) => string | undefined,
  retriesDone: number,
  random: number = Math.random(),
): number {
  const serverMs = serverRetryMs(header);
  if (serverMs !== undefined) return Math.min(serverMs, MAX_SERVER_RETRY_DELAY_MS);
  const backoff = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retriesDone, MAX_RETRY_DELAY_MS);
  return backoff * (1 - random * 0.25);
}

function headerValue(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function toHeaders(headers: http.IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
  }
  return out;
}

/** Chat completions for the judge: `complete` posts one request body and returns the reply's content and usage. */
export class JudgeHttp {
  private readonly url: URL;
  private readonly transport: typeof http | typeof https;
  private readonly agent: http.Agent;
  private readonly authorization: string;
  private readonly allowance: ReplyAllowance;

  constructor(
    baseURL: string,
    apiKey: string,
    private readonly opts: {
      timeoutMs: number;
      maxRetries: number;
      counter: RequestCounter;
      limiter: ProviderLimiter;
      maxReplyBytes: number;
      replyTokens: number;
    },
  ) {
    this.allowance = new ReplyAllowance(opts.replyTokens);
    this.url = new URL(`${baseURL.replace(/\/+$/, "")}/chat/completions`);
    const https_ = this.url.protocol === "https:";
    this.transport = https_ ? https : http;
    this.agent = https_ ? agents["https:"] : agents["http:"];
    this.authorization = `Bearer ${apiKey}`;
  }

  /**
   * Posts `body` (retrying as the SDK does, paced by the account's limiter); throws the SDK's APIError,
   * APIConnectionError or timeout error. A 429 for the rate limit waits for the reset the provider names and is not
   * counted as a retry; a 429 for the quota (`insufficient_quota`) is thrown at once, since waiting never cures it.
   */
  async complete(body: { messages: readonly { content?: unknown }[]; [field: string]: unknown }): Promise<Completion> {
    const payload = JSON.stringify(body);
    const limiter = this.opts.limiter;
    const promptTokens = limiter.countsTokens ? estimatePromptTokens(body.messages) : 0;
    let rateLimitedSince: number | undefined;
    for (let retriesDone = 0, attempt = 0; ; attempt++) {
      const admission = await limiter.admit(promptTokens + this.allowance.tokens);
      this.opts.counter.requests++;
      if (attempt > 0) this.opts.counter.retries++;
      const canRetry = retriesDone < this.opts.maxRetries;
      let reply: RawReply;
      try {
        reply = await this.send(payload);
      } catch (error) {
        limiter.released();
        if (error instanceof ReplyTooLargeError) throw error;
        if (canRetry) {
          await sleep(retryDelayMs(() => undefined, retriesDone++));
          continue;
        }
        if (error instanceof TimeoutError) throw new OpenAI.APIConnectionTimeoutError();
        throw new OpenAI.APIConnectionError({ cause: error instanceof Error ? error : undefined });
      }
      const header = (name: string) => headerValue(reply.headers, name);
      if (reply.status >= 200 && reply.status < 300) {
        let completion: Completion | undefined;
        try {
          completion = parseCompletion(reply.body);
          this.allowance.observe(completion.outputTokens);
          return completion;
        } finally {
          limiter.answered(admission, header, completion && completion.inputTokens + completion.outputTokens);
        }
      }
      const errorJson = parseJson(reply.body);
      if (reply.status === 429 && classifyRefusal(429, errorJson) === "rate_limited") {
        const waitMs = await limiter.rateLimited(header);
        rateLimitedSince ??= Date.now();
        if (Date.now() - rateLimitedSince < MAX_RATE_LIMITED_MS) {
          await sleep(waitMs);
          continue;
        }
      } else limiter.released();
      if (reply.status !== 429) rateLimitedSince = undefined;
      if (canRetry && reply.status !== 429 && shouldRetryStatus(reply.status, header("x-should-retry"))) {
        await sleep(retryDelayMs(header, retriesDone++));
        continue;
      }
      throw OpenAI.APIError.generate(
        reply.status,
        errorJson,
        errorJson ? undefined : reply.body.slice(0, 1_000),
        toHeaders(reply.headers),
      );
    }
  }

  private send(payload: string): Promise<RawReply> {
    return new Promise<RawReply>((resolve, reject) => {
      const request = this.transport.request(
        this.url,
        {
          method: "POST",
          agent: this.agent,
          headers: {
            authorization: this.authorization,
            "content-type": "application/json",
            accept: "application/json",
            "content-length": Buffer.byteLength(payload),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          const cap = this.opts.maxReplyBytes;
          // A reply is read up to the cap and no further: the declared length first, then the bytes as they come.
          const declared = Number(response.headers["content-length"] ?? 0);
          if (declared > cap) {
            request.destroy(new ReplyTooLargeError(cap));
            return;
          }
          response.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > cap) request.destroy(new ReplyTooLargeError(cap));
            else chunks.push(chunk);
          });
          response.on("error", fail);
          response.on("end", () => {
            clearTimeout(timer);
            void replyTurn().then(() =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
          });
        },
      );
      // The timeout covers the whole exchange, as the SDK's did with this transport under it.
      const timer = setTimeout(() => request.destroy(new TimeoutError("timed out")), this.opts.timeoutMs);
      function fail(error: unknown) {
        clearTimeout(timer);
        reject(error);
      }
      request.on("error", fail);
      request.end(payload);
    });
  }
}

function parseJson(body: string): object | undefined {
  try {
    return JSON.parse(body) as object;
  } catch {
    return undefined;
  }
}

function parseCompletion(body: string): Completion {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new CompletionShapeError("the reply is not JSON");
  }
  return parseCompletionJson(json);
}

/** A chat completion already decoded from JSON (a direct reply, or a line of a batch's output file). */
export function parseCompletionJson(json: unknown): Completion {
  const parsed = completionSchema.safeParse(json);
  if (!parsed.success) throw new CompletionShapeError("the reply is not a chat completion");
  return { content: parsed.data.choices[0]?.message.content ?? "", ...parseTokenUsage(parsed.data.usage) };
}
