import OpenAI from "openai";
import { z } from "zod";
import { env } from "../env";
import { roleEndpoint } from "./endpoint";
import type { SignalValues } from "../scoring/types";
import { sha256 } from "../hash";
import { capRationale, renderJudgeMessages, type JudgeText } from "./judge-messages";
import { loadPrompt, type PromptTemplate } from "./prompts";
import { CompletionShapeError, JudgeHttp, parseCompletionJson, type Completion } from "./judge-http";
import type { RequestCounter } from "./retry";
import { timedModelCall } from "../observability/metrics";
import { applyRules, modelRules, sendWithRules } from "./model-rules";
import { NO_TOKENS, type TokenUsage } from "./token-usage";
import { tokenCostUsd } from "./model-prices";
import { estimatePromptTokens } from "./token-estimate";
import { configuredLimits, providerLimiter, type AccountLimits, type ProviderLimiter } from "./provider-limiter";

const JUDGE_PROMPT = "judge-match";
export const OFFLINE_JUDGE_MODEL = "offline-heuristic-v1";

export type JudgeDecision = { match: boolean; rationale: string } & TokenUsage;

export interface Judge {
  readonly model: string;
  readonly promptVersion: string;
  readonly offline: boolean;
  /**
   * The verdict cache key besides the two texts, the model and the prompt version: what else the verdict depends on
   * (the rendered template, reply schema and endpoint of an LLM; the rule and signal values of the offline judge).
   */
  configHash(signals: SignalValues): string;
  /** HTTP attempts repeated so far (429 / 5xx / timeouts, retried by the OpenAI SDK). */
  readonly requests: RequestCounter;
  /** Milliseconds until the provider's rate limit lets calls go on again (0 when they go on). */
  rateLimitPauseMs(): number;
  /** The prompt tokens one call about (a, b) sends (token-estimate.ts), for cost estimates; 0 for the offline judge. */
  promptTokens(a: JudgeText, b: JudgeText): number;
  /** Throws JudgeReplyError when the reply is not the required JSON; the caller decides how often to ask again. */
  decide(a: JudgeText, b: JudgeText, signals: SignalValues): Promise<JudgeDecision>;
}

// The reply object the judge must return (structured output via response_format json_schema). Only these two fields
// are kept, and an over-long rationale is cut rather than refused: a wordy model must not fail a submission. The
// cap is applied here, not as a token limit on the request: reasoning models count hidden reasoning against that
// limit, so a tight one would turn long thinking into truncated, unusable replies.
const judgeReplySchema = z.object({ match: z.boolean(), rationale: z.string().transform(capRationale) });
const judgeReplyJsonSchema = {
  type: "object",
  properties: { match: { type: "boolean" }, rationale: { type: "string" } },
  required: ["match", "rationale"],
  additionalProperties: false,
} as const;

/** An LLM judge on any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, ...). */
export class OpenAiJudge implements Judge {
  readonly offline = false;
  readonly promptVersion: string;
  readonly requests: RequestCounter = { requests: 0, retries: 0 };
  readonly limiter: ProviderLimiter;
  private readonly http: JudgeHttp;
  private readonly prompt: PromptTemplate;
  private readonly hash: string;
  private readonly endpoint: string;
  private readonly apiKey: string;

  /**
   * `limits`: the account's requests and tokens per minute (default LLM_RPM / LLM_TPM, else learned from the
   * replies); `maxConcurrency`: the ceiling of calls in flight (default JUDGE_CONCURRENCY), shrunk on refusals.
   */
  constructor(
    readonly model: string,
    opts: {
      apiKey: string;
      baseURL?: string;
      timeoutMs: number;
      maxRetries: number;
      limits?: AccountLimits;
      maxConcurrency?: number;
    },
  ) {
    const prompt = loadPrompt(JUDGE_PROMPT);
    this.promptVersion = `${prompt.name}@${prompt.version}`;
    this.prompt = prompt;
    // The SDK resolves the endpoint (its default, or OPENAI_BASE_URL), which is part of the verdict cache key; the
    // calls themselves go through JudgeHttp (judge-http.ts: the SDK's retry policy and errors, a fraction of its CPU).
    const endpoint = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL }).baseURL;
    this.endpoint = endpoint;
    this.apiKey = opts.apiKey;
    this.limiter = providerLimiter(
      endpoint,
      opts.apiKey,
      opts.limits ?? configuredLimits(endpoint, opts.apiKey),
      opts.maxConcurrency ?? env.JUDGE_CONCURRENCY,
    );
    this.http = new JudgeHttp(endpoint, opts.apiKey, {
      timeoutMs: opts.timeoutMs,
      maxRetries: opts.maxRetries,
      counter: this.requests,
      limiter: this.limiter,
      maxReplyBytes: env.LLM_MAX_REPLY_BYTES,
      replyTokens: env.LLM_REPLY_TOKENS,
    });
    this.hash = sha256(JSON.stringify({ template: prompt.body, reply: judgeReplyJsonSchema, model, endpoint }));
  }

  configHash(): string {
    return this.hash;
  }

  rateLimitPauseMs(): number {
    return this.limiter.pausedForMs();
  }

  promptTokens(a: JudgeText, b: JudgeText): number {
    return estimatePromptTokens(renderJudgeMessages(this.prompt, a, b));
  }

  /** The chat-completions body of one call about (a, b), before the model's rules are applied. */
  private requestBody(a: JudgeText, b: JudgeText) {
    return {
      model: this.model,
      temperature: 0,
      messages: renderJudgeMessages(this.prompt, a, b),
      response_format: {
        type: "json_schema",
        json_schema: { name: "match_verdict", strict: true, schema: judgeReplyJsonSchema },
      },
    };
  }

  private notJson(usage: TokenUsage = NO_TOKENS): JudgeReplyError {
    // A malformed reply is billed all the same: its tokens go with the error (NO_TOKENS when no body was read).
    return new JudgeReplyError(`judge model ${this.model} returned a reply that is not {match, rationale} JSON`, usage);
  }

  /** The verdict a completion carries; throws JudgeReplyError when its content is not the required JSON. */
  private verdictOf(completion: Completion): JudgeDecision {
    let reply: z.infer<typeof judgeReplySchema>;
    try {
      reply = judgeReplySchema.parse(JSON.parse(completion.content));
    } catch {
      throw this.notJson(completion);
    }
    return {
      match: reply.match,
      rationale: reply.rationale,
      inputTokens: completion.inputTokens,
      cachedInputTokens: completion.cachedInputTokens,
      outputTokens: completion.outputTokens,
    };
  }

  async decide(a: JudgeText, b: JudgeText): Promise<JudgeDecision> {
    const body = this.requestBody(a, b);
    let completion: Completion;
    try {
      // Sent as the model accepts it (model-rules.ts): no temperature to a reasoning model, JSON mode where the
      // endpoint takes no json_schema.
      completion = await sendWithRules(this.endpoint, this.model, (rules) =>
        timedModelCall("judge", () => this.http.complete(applyRules(body, rules))),
      );
    } catch (error) {
      if (error instanceof CompletionShapeError) throw this.notJson();
      throw error;
    }
    return this.verdictOf(completion);
  }

  /**
   * The Batch API's side of this judge (docs/scoring.md, "Batch mode"): the same request body a direct call sends
   * (the model's rules as known now), the same reply parsing, and an SDK client on the same endpoint and key.
   */
  batchRequestBody(a: JudgeText, b: JudgeText): Record<string, unknown> {
    return applyRules(this.requestBody(a, b), modelRules(this.endpoint, this.model));
  }

  /** The verdict of a batch output line's response body; throws JudgeReplyError like a direct malformed reply. */
  batchVerdict(responseBody: unknown): JudgeDecision {
    let completion: Completion;
    try {
      completion = parseCompletionJson(responseBody);
    } catch (error) {
      if (error instanceof CompletionShapeError) throw this.notJson();
      throw error;
    }
    return this.verdictOf(completion);
  }

  batchClient(): OpenAI {
    return new OpenAI({
      apiKey: this.apiKey,
      baseURL: this.endpoint,
      timeout: env.JUDGE_TIMEOUT_MS,
      maxRetries: env.JUDGE_MAX_RETRIES,
    });
  }
}

export class JudgeReplyError extends Error {
  constructor(
    message: string,
    /** The tokens the malformed reply used (billed like any other call). */
    readonly usage: TokenUsage = NO_TOKENS,
  ) {
    super(message);
  }
}

/**
 * The documented offline judge, used when no LLM endpoint is configured (neither the judge's own JUDGE_API_KEY / JUDGE_BASE_URL nor OPENAI_API_KEY / OPENAI_BASE_URL). It is a deterministic rule over the prefilter
 * signals, far weaker than an LLM: it matches a pair when the line ranges overlap substantially and the texts agree,
 * or when the texts are near-duplicates. Every score it produces is labelled "offline judge".
 */
export class OfflineJudge implements Judge {
  readonly offline = true;
  readonly model = OFFLINE_JUDGE_MODEL;
  readonly promptVersion = "offline-rule@1";
  readonly requests: RequestCounter = { requests: 0, retries: 0 };

  rateLimitPauseMs(): number {
    return 0;
  }

  promptTokens(): number {
    return 0;
  }

  /** The rule reads only the signals, so a cached offline verdict is keyed with the values it read. */
  configHash(s: SignalValues): string {
    return sha256(
      JSON.stringify([this.promptVersion, s.lineOverlap, s.fullTextEmbedding, s.descriptionEmbedding, s.identifiers]),
    );
  }

  async decide(_a: JudgeText, _b: JudgeText, s: SignalValues): Promise<JudgeDecision> {
    const textAgreement = Math.max(s.descriptionEmbedding, s.fullTextEmbedding);
    const sameLocation = s.lineOverlap >= 0.2 && (textAgreement >= 0.45 || s.identifiers >= 0.3);
    const nearDuplicateText = s.fullTextEmbedding >= 0.8 || (s.descriptionEmbedding >= 0.7 && s.identifiers >= 0.35);
    const match = sameLocation || nearDuplicateText;
    const rationale = match
      ? sameLocation
        ? `Offline rule: line ranges overlap (Jaccard ${s.lineOverlap.toFixed(2)}) and the texts agree (${textAgreement.toFixed(2)}).`
        : `Offline rule: the reports are near-duplicates (full-text cosine ${s.fullTextEmbedding.toFixed(2)}).`
      : "Offline rule: neither a substantial location overlap with agreeing text nor near-duplicate text.";
    return { match, rationale, ...NO_TOKENS };
  }
}

/**
 * The judge the configuration asks for: the LLM when an endpoint is configured (`model`: the active judge an admin
 * switched to, else JUDGE_MODEL; lib/server/grading/active-judge.ts), else the offline rule.
 */
export function createJudge(model: string = env.JUDGE_MODEL): Judge {
  const endpoint = roleEndpoint("judge");
  if (!endpoint) return new OfflineJudge();
  return new OpenAiJudge(model, {
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseURL,
    timeoutMs: env.JUDGE_TIMEOUT_MS,
    maxRetries: env.JUDGE_MAX_RETRIES,
  });
}

/** Dollars of prompt and completion tokens at the model's price (no cached tokens: benchmark builds); 0 when unpriced. */
export function judgeCostUsd(model: string, inputTokens: number, outputTokens: number): number {
  return tokenCostUsd(model, { inputTokens, cachedInputTokens: 0, outputTokens });
}
