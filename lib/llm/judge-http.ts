import { setTimeout as sleep } from "node:timers/promises";
import http from "node:http";
import https from "node:https";
import OpenAI from "openai";
import { z } from "zod";
import type { RequestCounter } from "./retry";
import { createTurnPacer } from "./turn-pacer";

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
  usage: z.object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() }).nullish(),
});

export type Completion = { content: string; inputTokens: number; outputTokens: number };

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
 * HTTP date), at most a minute; else the SDK's exponential backoff with jitter (`random` in [0, 1)).
 */
export function retryDelayMs(
  header: (name: string) => string | undefined,
  retriesDone: number,
  random: number = Math.random(),
): number {
  let serverMs: number | undefined;
  const afterMs = Number.parseFloat(header("retry-after-ms") ?? "");
  if (!Number.isNaN(afterMs)) serverMs = afterMs;
  const after = header("retry-after");
  if (serverMs === undefined && after) {
    const seconds = Number.parseFloat(after);
    serverMs = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  if (serverMs !== undefined && Number.isFinite(serverMs))
    return Math.min(Math.max(serverMs, 0), MAX_SERVER_RETRY_DELAY_MS);
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

  constructor(
    baseURL: string,
    apiKey: string,
    private readonly opts: { timeoutMs: number; maxRetries: number; counter: RequestCounter },
  ) {
    this.url = new URL(`${baseURL.replace(/\/+$/, "")}/chat/completions`);
    const https_ = this.url.protocol === "https:";
    this.transport = https_ ? https : http;
    this.agent = https_ ? agents["https:"] : agents["http:"];
    this.authorization = `Bearer ${apiKey}`;
  }

  /** Posts `body` (retrying as the SDK does); throws the SDK's APIError, APIConnectionError or timeout error. */
  async complete(body: object): Promise<Completion> {
    const payload = JSON.stringify(body);
    for (let retriesDone = 0; ; retriesDone++) {
      this.opts.counter.requests++;
      if (retriesDone > 0) this.opts.counter.retries++;
      const canRetry = retriesDone < this.opts.maxRetries;
      let reply: RawReply;
      try {
        reply = await this.send(payload);
      } catch (error) {
        if (canRetry) {
          await sleep(retryDelayMs(() => undefined, retriesDone));
          continue;
        }
        if (error instanceof TimeoutError) throw new OpenAI.APIConnectionTimeoutError();
        throw new OpenAI.APIConnectionError({ cause: error instanceof Error ? error : undefined });
      }
      if (reply.status >= 200 && reply.status < 300) return parseCompletion(reply.body);
      if (canRetry && shouldRetryStatus(reply.status, headerValue(reply.headers, "x-should-retry"))) {
        await sleep(retryDelayMs((name) => headerValue(reply.headers, name), retriesDone));
        continue;
      }
      let errorJson: object | undefined;
      try {
        errorJson = JSON.parse(reply.body) as object;
      } catch {
        errorJson = undefined;
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
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
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

function parseCompletion(body: string): Completion {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new CompletionShapeError("the reply is not JSON");
  }
  const parsed = completionSchema.safeParse(json);
  if (!parsed.success) throw new CompletionShapeError("the reply is not a chat completion");
  return {
    content: parsed.data.choices[0]?.message.content ?? "",
    inputTokens: parsed.data.usage?.prompt_tokens ?? 0,
    outputTokens: parsed.data.usage?.completion_tokens ?? 0,
  };
}
