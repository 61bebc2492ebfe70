// The LLM judge against the local fake OpenAI server (tests/support/fake-openai.ts), in-process, no database.
// A small counting proxy sits in front of it where a test must see every request, or stall one to force a timeout.

import http from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../../tests/support/fake-openai";
import { JudgeReplyError, OpenAiJudge, type Judge } from "./judge";
import type { JudgeText } from "./judge-messages";
import { MAX_RATIONALE_CHARS } from "./judge-messages";
import pMap from "p-map";
import { isTransientError } from "./retry";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
type Proxy = {
  url: string;
  lastBody: string;
  requests: number;
  inFlight: number;
  maxInFlight: number;
  stallNext: number;
  close: () => Promise<void>;
};

/** Forwards to the fake; keeps the last body; counts requests and the most in flight; never answers the next `stallNext`. */
async function startProxy(targetUrl: string): Promise<Proxy> {
  const state = { lastBody: "", requests: 0, inFlight: 0, maxInFlight: 0, stallNext: 0 };
  const server = http.createServer((req, res) => {
    state.requests++;
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    res.on("close", () => state.inFlight--);
    if (state.stallNext > 0) {
      state.stallNext--;
      return; // The client times out and drops the connection.
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      state.lastBody = Buffer.concat(chunks).toString("utf8");
      try {
        const upstream = await fetch(`${targetUrl}${req.url!.replace(/^\/v1/, "")}`, {
          method: req.method,
          headers: { "content-type": "application/json", authorization: req.headers.authorization ?? "" },
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        res.writeHead(upstream.status, { "content-type": "application/json" });
        res.end(await upstream.text());
      } catch {
        res.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const report = (root: string, title: string): JudgeText => ({
  repo: "acme/parser",
  file: "parser/lexer.py",
  lineStart: 40,
  lineEnd: 48,
  title: `${title} [root:${root}]`,
  description: `${title}. [root:${root}]`,
  codeSnippet: "next_token(buf)",
});
const signals = {
  lineOverlap: 1,
  fullTextEmbedding: 0,
  descriptionEmbedding: 0,
  snippetTokens: 0,
  identifiers: 0,
  apiCalls: 0,
};

let fake: Fake;
let proxy: Proxy;
// Typed as the Judge interface, the way the worker calls it.
const judgeAt = (baseURL: string, opts: { apiKey?: string; timeoutMs?: number; maxRetries?: number } = {}): Judge =>
  new OpenAiJudge("fake-judge-1", {
    apiKey: opts.apiKey ?? "test-key",
    baseURL,
    timeoutMs: opts.timeoutMs ?? 5_000,
    maxRetries: opts.maxRetries ?? 3,
  });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  proxy = await startProxy(fake.url);
});

afterAll(async () => {
  await proxy.close();
  await fake.close();
});

beforeEach(() => {
  Object.assign(fake.control, { latencyMs: 0, failNext: 0, failStatus: 500, malformedNext: 0, rationaleSuffix: "" });
  Object.assign(fake.stats, { chatCalls: 0, embeddingCalls: 0, failuresServed: 0 });
  Object.assign(proxy, { requests: 0, inFlight: 0, maxInFlight: 0, stallNext: 0 });
});

describe("OpenAiJudge against the fake server", () => {
  it("returns the verdict, rationale and token usage of the reply", async () => {
    const judge = judgeAt(fake.url);
    const same = await judge.decide(
      report("P1", "Lexer drops the last token"),
      report("P1", "Final token lost"),
      signals,
    );
    const different = await judge.decide(
      report("P1", "Lexer drops the last token"),
      report("P2", "Precedence wrong"),
      signals,
    );
    expect(same).toMatchObject({ match: true, outputTokens: 30 });
    expect(same.inputTokens).toBeGreaterThan(0);
    expect(same.rationale).toMatch(/P1/);
    expect(different.match).toBe(false);
    expect(judge.promptVersion).toBe("judge-match@2");
  });

  it("reports the input tokens a provider's prefix cache served, and estimates the prompt before sending it", async () => {
    const judge = judgeAt(fake.url);
    // Report A long enough that the instructions and it pass the 1,024 tokens a prefix cache needs.
    const long = { ...report("P9", "Lexer drops the last token"), description: "The lexer stops early. ".repeat(200) };
    const first = await judge.decide(long, report("P9", "Final token lost"), signals);
    const second = await judge.decide(long, report("P8", "Precedence wrong"), signals);
    expect(first.cachedInputTokens).toBe(0);
    expect(second.cachedInputTokens).toBeGreaterThanOrEqual(1_024);
    expect(second.cachedInputTokens).toBeLessThan(second.inputTokens);
    // The fake counts 4 characters a token, the estimate by the o200k tokenizer (at least characters / 4).
    expect(judge.promptTokens(long, report("P8", "Precedence wrong"))).toBeGreaterThanOrEqual(second.inputTokens);
  });

  it("retries a 429 and then succeeds", async () => {
    Object.assign(fake.control, { failNext: 1, failStatus: 429 });
    const verdict = await judgeAt(fake.url).decide(report("A", "x"), report("A", "y"), signals);
    expect(verdict.match).toBe(true);
    expect(fake.stats).toMatchObject({ failuresServed: 1, chatCalls: 1 });
  });

  it("retries 500s with backoff and then succeeds", async () => {
    Object.assign(fake.control, { failNext: 2, failStatus: 500 });
    const verdict = await judgeAt(fake.url, { maxRetries: 3 }).decide(report("A", "x"), report("B", "y"), signals);
    expect(verdict.match).toBe(false);
    expect(fake.stats).toMatchObject({ failuresServed: 2, chatCalls: 1 });
  });

  it("gives up after its retries with the server's error", async () => {
    Object.assign(fake.control, { failNext: 10, failStatus: 503 });
    const failure = await judgeAt(fake.url, { maxRetries: 2 })
      .decide(report("A", "x"), report("A", "y"), signals)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect((failure as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
    expect(fake.stats.failuresServed).toBe(3);
  });

  it("retries a request that times out", async () => {
    proxy.stallNext = 1;
    const verdict = await judgeAt(proxy.url, { timeoutMs: 300, maxRetries: 2 }).decide(
      report("A", "x"),
      report("A", "y"),
      signals,
    );
    expect(verdict.match).toBe(true);
    expect(proxy.requests).toBe(2);
    expect(fake.stats.chatCalls).toBe(1);
  });

  it("does not retry a 401: a wrong key cannot succeed later", async () => {
    const failure = await judgeAt(proxy.url, { apiKey: "wrong-key", maxRetries: 5 })
      .decide(report("A", "x"), report("A", "y"), signals)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(isTransientError(failure)).toBe(false);
    expect(proxy.requests).toBe(1);
  });

  it("raises JudgeReplyError on a reply that is not {match, rationale} JSON, without retrying", async () => {
    fake.control.malformedNext = 1;
    await expect(judgeAt(fake.url).decide(report("A", "x"), report("A", "y"), signals)).rejects.toBeInstanceOf(
      JudgeReplyError,
    );
    expect(fake.stats.chatCalls).toBe(1);
  });

  it("accepts a reply with a 100,000-character rationale and keeps a truncated one, without control characters", async () => {
    fake.control.rationaleSuffix = ` \u0000${"x".repeat(100_000)}`;
    const verdict = await judgeAt(fake.url).decide(
      report("P1", "Lexer drops the last token"),
      report("P1", "Final token lost"),
      signals,
    );
    expect(verdict.match).toBe(true);
    expect(verdict.rationale).toHaveLength(MAX_RATIONALE_CHARS);
    expect(verdict.rationale).toMatch(/^root markers P1 \/ P1 {2}x+…$/);
    expect(fake.stats.chatCalls).toBe(1);
  });

  it("sends the instructions as the system message and the reports as JSON blocks of the user message", async () => {
    await judgeAt(proxy.url).decide(report("A", "x"), report("B", "y"), signals);
    const sent = (JSON.parse(proxy.lastBody) as { messages: { role: string; content: string }[] }).messages;
    expect(sent.map((m) => m.role)).toEqual(["system", "user"]);
    expect(sent[0]!.content).toMatch(/untrusted data/);
    expect(sent[1]!.content).toMatch(
      /^<report_a>\n\{[\s\S]*\}\n<\/report_a>\n\n<report_b>\n\{[\s\S]*\}\n<\/report_b>$/,
    );
  });

  it("never has more requests in flight than the concurrency limit", async () => {
    fake.control.latencyMs = 40;
    const judge = judgeAt(proxy.url);
    const pairs = Array.from(
      { length: 30 },
      (_, i) => [report(`R${i}`, `bug ${i}`), report(`R${i % 3 === 0 ? i : i + 1}`, `bug ${i}`)] as const,
    );
    const verdicts = await pMap(pairs, ([a, b]) => judge.decide(a, b, signals), { concurrency: 4 });
    expect(proxy.maxInFlight).toBe(4);
    expect(proxy.requests).toBe(30);
    // Results come back in input order whatever order the requests finished in.
    expect(verdicts.map((v) => v.match)).toEqual(pairs.map((_, i) => i % 3 === 0));
  });
});

describe("OpenAiJudge's Batch API side", () => {
  it("sends a batch line the body of a direct call and parses its reply as a direct one", async () => {
    const judge = new OpenAiJudge("fake-judge-1", {
      apiKey: "test-key",
      baseURL: proxy.url,
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    const [a, b] = [report("P1", "Lexer drops the last token"), report("P1", "Final token lost")];
    const direct = await judge.decide(a, b);
    expect(judge.batchRequestBody(a, b)).toEqual(JSON.parse(proxy.lastBody));
    const completion = (content: string) => ({
      choices: [{ message: { content } }],
      usage: { prompt_tokens: 100, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 0 } },
    });
    expect(
      judge.batchVerdict(completion(JSON.stringify({ match: direct.match, rationale: direct.rationale }))),
    ).toEqual({
      match: direct.match,
      rationale: direct.rationale,
      inputTokens: 100,
      cachedInputTokens: 0,
      outputTokens: 30,
    });
    // Malformed content is a malformed reply, billed; a body that is no completion at all, one without usage.
    const malformed = (() => {
      try {
        judge.batchVerdict(completion("I think they match."));
      } catch (error) {
        return error;
      }
    })();
    expect(malformed).toBeInstanceOf(JudgeReplyError);
    expect((malformed as JudgeReplyError).usage.inputTokens).toBe(100);
    expect(() => judge.batchVerdict({ error: { message: "x" } })).toThrow(JudgeReplyError);
  });
});
