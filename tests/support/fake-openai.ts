import http from "node:http";
import type { AddressInfo } from "node:net";
import { embedOffline } from "../../lib/embeddings/offline-embedder";
import { handleAgentRequest } from "./fake-openai-agent";
import { judgedAnswer, recordJudged, type JudgedVia } from "./fake-judge-log";
import { answerPanelAttributionRequest, handleRepositoryJudgeRequest } from "./fake-panel-attribution";
import { handlePanelSandboxRequest } from "./fake-panel-sandbox";
import { answerBuildRequest, handleBuildAgentRequest } from "./fake-build-pipeline";
import { FakeAccount } from "./fake-rate-limits";
import { FakePrefixCache } from "./fake-prefix-cache";
import {
  BATCH_CONTROL_DEFAULTS,
  BATCH_STATS_ZERO,
  FakeBatches,
  type BatchControl,
  type BatchStats,
} from "./fake-batches";

// A small local server speaking the OpenAI wire format (chat completions with json_schema replies, embeddings).
// It replaces only the paid LLM API in tests and benchmarks. Its "judgement" is a fixed rule:
//  - reports that both carry a `[root:NAME]` marker match exactly when the names agree;
//  - otherwise they match when they share a file with overlapping lines and similar titles, or near-identical titles;
//  - a model named fake-always-match… matches every pair.
// Usage reports prompt tokens (4 characters each) and, for a repeated prefix of 1,024 tokens or more, cached tokens as
// OpenAI's prompt caching does (fake-prefix-cache.ts).
// Tests steer it through POST /__control (latency, injected failures, a suffix for every rationale) and read counters
// from GET /__stats. Its Batch API (files and batches) answers each line through the same chat handler
// (fake-batches.ts).

/**
 * latencyJitterMs: each reply waits latencyMs plus a random 0..latencyJitterMs more, so concurrent calls come back in
 * an order of their own (the determinism tests of repeated-run scoring).
 * failRate / malformedRate: a share of chat completions answered 429 or 500 (alternately) / with a reply that is not
 * JSON, at random: an endpoint under load, for the fault tests.
 * rpm / tpm: the account's limits on chat completions, enforced as OpenAI documents them (fake-rate-limits.ts); 0 is
 * none; bucketStartShare: how full its buckets are at first. quotaExhausted: every chat completion is refused with 429 insufficient_quota (billing).
 * flipEvery: every flipEvery-th judge verdict from the time it is set is the opposite of the rule's (0: none), so a
 * known share of a repeat's verdicts change (the repeat-agreement test); setting it starts the count again.
 */
export type FakeControl = {
  latencyMs: number;
  latencyJitterMs: number;
  failNext: number;
  failStatus: number;
  malformedNext: number;
  failRate: number;
  malformedRate: number;
  rationaleSuffix: string;
  rpm: number;
  tpm: number;
  bucketStartShare: number;
  quotaExhausted: boolean;
  flipEvery: number;
} & BatchControl;
export type FakeStats = {
  chatCalls: number;
  embeddingCalls: number;
  failuresServed: number;
  malformedServed: number;
  rateLimited: number;
  /** Prompt tokens of the chat completions answered, and the part the emulated prefix cache served. */
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  /** When the first and the last chat completion were answered (epoch ms; 0 before any): the window of a bench. */
  firstChatAt: number;
  lastChatAt: number;
  /** Chat completions answered, and their tokens, within a minute of the first (while a full bucket is spent). */
  firstMinuteCalls: number;
  firstMinuteTokens: number;
} & BatchStats;

const CONTROL_DEFAULTS: FakeControl = {
  latencyMs: 0,
  latencyJitterMs: 0,
  failNext: 0,
  failStatus: 500,
  malformedNext: 0,
  failRate: 0,
  malformedRate: 0,
  rationaleSuffix: "",
  rpm: 0,
  tpm: 0,
  bucketStartShare: 1,
  quotaExhausted: false,
  flipEvery: 0,
  ...BATCH_CONTROL_DEFAULTS,
};
const STATS_ZERO: FakeStats = {
  chatCalls: 0,
  embeddingCalls: 0,
  failuresServed: 0,
  malformedServed: 0,
  rateLimited: 0,
  promptTokens: 0,
  cachedTokens: 0,
  completionTokens: 0,
  firstChatAt: 0,
  lastChatAt: 0,
  firstMinuteCalls: 0,
  firstMinuteTokens: 0,
  ...BATCH_STATS_ZERO,
};

/** Every chat completion's reply counts this many tokens. */
const COMPLETION_TOKENS = 30;

type Report = { file: string; start: number; end: number; title: string; text: string };

/** Report A or B of the judge's user message: the JSON object in its <report_a> / <report_b> block. */
function parseReport(userMessage: string, name: "a" | "b"): Report {
  const block = new RegExp(`<report_${name}>\\n([\\s\\S]*?)\\n</report_${name}>`).exec(userMessage)?.[1];
  const record = block ? (JSON.parse(block) as Record<string, unknown>) : {};
  return {
    file: String(record.file ?? ""),
    start: Number(record.line_start ?? 0),
    end: Number(record.line_end ?? 0),
    title: String(record.title ?? ""),
    text: `${record.title ?? ""}\n${record.description ?? ""}\n${record.code_snippet ?? ""}`,
  };
}

function words(s: string): Set<string> {
  return new Set(s.toLowerCase().match(/[a-z0-9_]{3,}/g) ?? []);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  const union = a.size + b.size - inter;
  return union === 0 ? 0 : inter / union;
}

export function decideFake(userMessage: string): { match: boolean; rationale: string } {
  const a = parseReport(userMessage, "a");
  const b = parseReport(userMessage, "b");
  const rootA = /\[root:([\w-]+)\]/.exec(a.text)?.[1];
  const rootB = /\[root:([\w-]+)\]/.exec(b.text)?.[1];
  if (rootA && rootB) return { match: rootA === rootB, rationale: `root markers ${rootA} / ${rootB}` };
  const titleSimilarity = jaccard(words(a.title), words(b.title));
  const overlap = a.file === b.file && a.start <= b.end && b.start <= a.end;
  const match = (overlap && titleSimilarity >= 0.2) || titleSimilarity >= 0.6;
  return { match, rationale: `fake rule: same-location=${overlap}, title similarity ${titleSimilarity.toFixed(2)}` };
}

/**
 * Models' rules as real endpoints enforce them: a model named fake-reasoning… answers 400 to `temperature` and to
 * `max_tokens`, as OpenAI's reasoning models do (GPT-5's "Unsupported value" for temperature 0; a fake-reasoning-o…
 * model the o-series' "Unsupported parameter"); one named fake-no-schema… is served by an endpoint without the
 * json_schema response format (as some local servers are), which answers 400 to it.
 */
function refuseParameters(body: Record<string, unknown>): unknown {
  const model = String(body.model ?? "");
  const invalid = (message: string, param: string, code: string) => ({
    error: { message, type: "invalid_request_error", param, code },
  });
  if (model.startsWith("fake-reasoning-o") && body.temperature !== undefined)
    return invalid(
      "Unsupported parameter: 'temperature' is not supported with this model.",
      "temperature",
      "unsupported_parameter",
    );
  if (model.startsWith("fake-reasoning") && body.temperature !== undefined)
    return invalid(
      "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
      "temperature",
      "unsupported_value",
    );
  if (model.startsWith("fake-reasoning") && body.max_tokens !== undefined)
    return invalid(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      "max_tokens",
      "unsupported_parameter",
    );
  const format = body.response_format as { type?: string } | undefined;
  if (model.startsWith("fake-no-schema") && format?.type === "json_schema")
    return { error: { message: "response_format type 'json_schema' is not supported by this server", code: null } };
  return undefined;
}

export async function startFakeOpenAi(
  port = 0,
): Promise<{ url: string; close: () => Promise<void>; control: FakeControl; stats: FakeStats }> {
  const control: FakeControl = { ...CONTROL_DEFAULTS };
  const stats: FakeStats = { ...STATS_ZERO };
  const prefixCache = new FakePrefixCache();
  const batches = new FakeBatches(control, stats);
  let account: FakeAccount | undefined;
  // Judge verdicts answered since flipEvery was last set.
  let verdictsSinceFlipSet = 0;
  /** The account enforcing control.rpm / control.tpm, made anew (full buckets) when they change. */
  const currentAccount = () => {
    if (!control.rpm && !control.tpm) return (account = undefined);
    const limits = { rpm: control.rpm || 1_000_000_000, tpm: control.tpm || 1_000_000_000_000 };
    if (!account || account.limits.rpm !== limits.rpm || account.limits.tpm !== limits.tpm)
      account = new FakeAccount(limits, control.bucketStartShare);
    return account;
  };
  /** The chat completion a judge or review request gets (direct, or as a batch line): content, usage, counters. */
  const completionFor = (body: Record<string, unknown>, via: JudgedVia = "direct") => {
    const messages = (body.messages ?? []) as { role: string; content: string }[];
    const prompt = messages.map((m) => m.content).join("\n");
    stats.chatCalls++;
    const userMessage = messages.findLast((m) => m.role === "user")?.content ?? "";
    // The benchmark build's stages (fake-build-pipeline.ts), then panel and attribution (fake-panel-attribution.ts).
    const review = answerBuildRequest(body) ?? answerPanelAttributionRequest(body);
    if (!review) recordJudged(userMessage, via);
    // A model named fake-always-match… says "match" to every pair (a candidate judge with known answers).
    const verdict = review
      ? undefined
      : String(body.model ?? "").startsWith("fake-always-match")
        ? { match: true, rationale: "always match" }
        : decideFake(userMessage);
    if (verdict && control.flipEvery > 0 && ++verdictsSinceFlipSet % control.flipEvery === 0)
      verdict.match = !verdict.match;
    let content = review ?? JSON.stringify({ ...verdict, rationale: verdict!.rationale + control.rationaleSuffix });
    if (control.malformedNext > 0 || (control.malformedRate > 0 && Math.random() < control.malformedRate)) {
      control.malformedNext = Math.max(0, control.malformedNext - 1);
      stats.malformedServed++;
      content = "I think they match.";
    }
    const promptTokens = Math.ceil(prompt.length / 4);
    const cachedTokens = prefixCache.serve(String(body.model ?? ""), prompt);
    stats.promptTokens += promptTokens;
    stats.cachedTokens += cachedTokens;
    stats.completionTokens += COMPLETION_TOKENS;
    stats.lastChatAt = Date.now();
    stats.firstChatAt ||= stats.lastChatAt;
    if (stats.lastChatAt - stats.firstChatAt < 60_000) {
      stats.firstMinuteCalls++;
      stats.firstMinuteTokens += promptTokens + COMPLETION_TOKENS;
    }
    return {
      id: `chatcmpl-${stats.chatCalls}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: COMPLETION_TOKENS,
        total_tokens: promptTokens + COMPLETION_TOKENS,
        prompt_tokens_details: { cached_tokens: cachedTokens },
      },
    };
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      const raw = Buffer.concat(chunks);
      // A file upload is multipart/form-data (fake-batches.ts reads it); every other request is JSON.
      const multipart = String(req.headers["content-type"] ?? "").startsWith("multipart/");
      const body = chunks.length && !multipart ? JSON.parse(raw.toString("utf8")) : {};
      // Tool-using requests: a panel judge in a sandbox (fake-panel-sandbox.ts) or with the read-only repository tools
      // (fake-panel-attribution.ts), a build's presence checks and false-positive audits (fake-build-pipeline.ts),
      // in-house audit runs and their context document (fake-openai-agent.ts).
      if (
        handlePanelSandboxRequest(req, body, send) ||
        handleRepositoryJudgeRequest(req, body, send) ||
        handleBuildAgentRequest(req, body, send) ||
        handleAgentRequest(req, body, send)
      )
        return;
      if (req.url === "/__control" && req.method === "POST") {
        if ("flipEvery" in body) verdictsSinceFlipSet = 0;
        Object.assign(control, body);
        return send(200, control);
      }
      if (req.url === "/__stats") return send(200, stats);
      const judgedLog = judgedAnswer(req.url);
      if (judgedLog) return send(200, judgedLog);
      if (req.url === "/__reset" && req.method === "POST") {
        Object.assign(control, CONTROL_DEFAULTS);
        Object.assign(stats, STATS_ZERO);
        verdictsSinceFlipSet = 0;
        prefixCache.clear();
        batches.clear();
        return send(200, { ok: true });
      }
      // A reply is written `delay` after the request arrived, the fake's own work included, as an endpoint with a
      // fixed latency answers: work done after the wait made each call 200 ms plus the fake's CPU (3-20 ms on the
      // loaded 2-core machine), which bench:score counted against the client.
      const arrived = performance.now();
      const delay = control.latencyMs + (control.latencyJitterMs > 0 ? Math.random() * control.latencyJitterMs : 0);
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const wait = delay - (performance.now() - arrived);
        if (wait <= 0) return send(status, body, headers);
        const text = JSON.stringify(body);
        setTimeout(() => {
          res.writeHead(status, { "content-type": "application/json", ...headers });
          res.end(text);
        }, wait);
      };
      const respond = () => {
        if (req.headers.authorization !== "Bearer test-key")
          return reply(401, { error: { message: "bad key", type: "invalid_request_error" } });
        const sendText = (status: number, text: string) => {
          res.writeHead(status, { "content-type": "application/jsonl" });
          res.end(text);
        };
        const answerLine = (line: Record<string, unknown>) => {
          const refused = refuseParameters(line);
          return refused ? { status: 400, body: refused } : { status: 200, body: completionFor(line, "batch") };
        };
        if (batches.handle(req, raw, body, answerLine, send, sendText)) return;
        if (control.failNext > 0 && (req.url?.endsWith("/chat/completions") || req.url?.endsWith("/embeddings"))) {
          control.failNext--;
          stats.failuresServed++;
          return reply(
            control.failStatus,
            { error: { message: "injected failure", type: "server_error" } },
            control.failStatus === 429 ? { "retry-after": "0" } : {},
          );
        }
        if (req.url?.endsWith("/chat/completions") && control.failRate > 0 && Math.random() < control.failRate) {
          stats.failuresServed++;
          const status = stats.failuresServed % 2 === 0 ? 429 : 500;
          return reply(
            status,
            { error: { message: "injected failure", type: "server_error" } },
            status === 429 ? { "retry-after-ms": "5" } : {},
          );
        }
        let limitHeaders: Record<string, string> = {};
        const limited = req.url?.endsWith("/chat/completions") ? currentAccount() : undefined;
        if (req.url?.endsWith("/chat/completions") && control.quotaExhausted) {
          stats.rateLimited++;
          return reply(429, {
            error: {
              message: "You exceeded your current quota, please check your plan and billing details.",
              type: "insufficient_quota",
              param: null,
              code: "insufficient_quota",
            },
          });
        }
        // A model the endpoint does not have (OpenAI's 404 for a model named fake-missing…).
        if (String(body.model ?? "").startsWith("fake-missing"))
          return reply(404, {
            error: {
              message: `The model \`${String(body.model)}\` does not exist or you do not have access to it.`,
              type: "invalid_request_error",
              param: null,
              code: "model_not_found",
            },
          });
        const refused = req.url?.endsWith("/chat/completions") ? refuseParameters(body) : undefined;
        if (refused) return reply(400, refused);
        if (req.url?.endsWith("/chat/completions")) {
          const messages: { role: string; content: string }[] = body.messages ?? [];
          const prompt = messages.map((m) => m.content).join("\n");
          if (limited) {
            const admitted = limited.admit(prompt.length, Number(body.max_completion_tokens ?? body.max_tokens ?? 0));
            if (!admitted.ok) {
              stats.rateLimited++;
              return reply(429, admitted.body, admitted.headers);
            }
            limitHeaders = admitted.headers;
            limited.charge(COMPLETION_TOKENS);
          }
          return reply(200, completionFor(body), limitHeaders);
        }
        if (req.url?.endsWith("/embeddings")) {
          stats.embeddingCalls++;
          const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
          return reply(200, {
            object: "list",
            model: body.model,
            data: inputs.map((text, index) => ({
              object: "embedding",
              index,
              embedding: Array.from(embedOffline(text)),
            })),
            usage: { prompt_tokens: 0, total_tokens: 0 },
          });
        }
        return reply(404, { error: { message: "not found" } });
      };
      respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}/v1`,
    control,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
