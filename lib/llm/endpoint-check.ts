import { z } from "zod";
import type { Env } from "../env";
import {
  MODEL_ROLES,
  ROLE_PREFIX,
  roleEndpoint,
  type AccountLimits,
  type ModelRole,
  type RoleEndpoint,
} from "./endpoint";
import { applyRules, learnFromRefusal, rulesByName, type ModelRules } from "./model-rules";
import { classifyRefusal, readLimitHeaders, type LimitReading, type RefusalKind } from "./rate-limit-headers";
import { cappedFetch } from "./reply-cap";

// `probebench llm check`: each model role's endpoint and models, probed once with a tiny request, before a job finds
// out. A chat model is first asked with everything (temperature, max_tokens, a json_schema response format); each
// 400 that refuses a parameter is read by the rules the app itself learns from (model-rules.ts) and the request sent
// again without it, so the report says what the model takes. The limits come from the reply's x-ratelimit-* (or
// anthropic-ratelimit-*) headers. The probes bypass the shared limiter: a handful of calls, made once by an operator.

/**
 * What became of one probe: answered, or why not (`not_probed`: the configuration only, nothing was sent). Only `ok`,
 * `rate_limited` and `not_probed` leave the endpoint usable.
 */
export type ProbeResult =
  | "not_probed"
  | "ok"
  | "rate_limited"
  | "unauthorized"
  | "model_not_found"
  | "insufficient_quota"
  | "unreachable"
  | "failed";

type StructuredOutputSupport = "json_schema" | "json_object" | "none";

export type ModelProbe = {
  model: string;
  /** The variable (or flag) that names the model, for the operator to fix. */
  setting: string;
  kind: "chat" | "embeddings";
  result: ProbeResult;
  /** For a failure: what is wrong and what to change. */
  message?: string;
  /** The HTTP status of the last reply, when one came. */
  status?: number;
  /** Chat models: what the endpoint took (undefined when the probe did not get that far). */
  temperature?: boolean;
  tokenLimitField?: ModelRules["tokenLimitField"];
  structuredOutput?: StructuredOutputSupport;
  /** Rules the model's name does not tell, learned here from refusals (the app learns them at its first call). */
  learned: string[];
  /** Embedding models: the vector's length. */
  dimensions?: number;
  /** What the reply's headers said about the account's limits (empty for a server that sends none). */
  limits: LimitReading;
};

export type RoleCheck = {
  role: ModelRole;
  /** The base URL called, null when the role has no endpoint. */
  endpoint: string | null;
  /** Roles with the same letter share one account (endpoint and key), hence one budget. */
  account: string | null;
  /** The variable holding the key sent (OPENAI_API_KEY unless the role has its own), null without a key. */
  keyVariable: string | null;
  /** RPM / TPM configured for the account (the smallest any of its roles names); else learned from headers. */
  configuredLimits: AccountLimits;
  state: "checked" | "not_configured" | "skipped";
  note?: string;
  models: ModelProbe[];
};

export type LlmCheckReport = { ok: boolean; roles: RoleCheck[] };

type LlmCheckOptions = {
  /** Models to probe for the audit agents, whose model is chosen per run. */
  agentModels?: string[];
  timeoutMs?: number;
  /** false: only resolve each role's endpoint, account and models, calling nothing (default true). */
  probe?: boolean;
};

/** Failures that mean the role cannot work as configured (a 429 for the rate limit is the account working). */
const FAILED_RESULTS: readonly ProbeResult[] = [
  "unauthorized",
  "model_not_found",
  "insufficient_quota",
  "unreachable",
  "failed",
];

const PROBE_SCHEMA = {
  type: "object",
  properties: { ok: { type: "boolean" } },
  required: ["ok"],
  additionalProperties: false,
};
const PROBE_MESSAGES = [{ role: "user", content: 'Reply with the JSON object {"ok": true} and nothing else.' }];
// Room for a reasoning model's hidden tokens too; the reply's content is not judged.
const PROBE_MAX_TOKENS = 256;
// A refusal per rule at most (temperature, token limit, json_schema, then JSON mode itself), and one more call.
const MAX_PROBE_CALLS = 6;

type Reply = { status: number; json: unknown; header: (name: string) => string | undefined };

const errorBodySchema = z.object({ error: z.object({ message: z.string().optional() }).loose() }).loose();

function errorMessage(json: unknown): string {
  const parsed = errorBodySchema.safeParse(json);
  return parsed.success ? (parsed.data.error.message ?? "") : "";
}

function mentionsResponseFormat(json: unknown): boolean {
  const parsed = errorBodySchema.safeParse(json);
  const param = parsed.success ? (parsed.data.error as { param?: unknown }).param : undefined;
  const text = `${typeof param === "string" ? param : ""} ${errorMessage(json)}`.toLowerCase();
  return text.includes("response_format") || text.includes("json_object") || text.includes("json mode");
}

class Prober {
  private readonly fetch: typeof fetch;
  /** One probe per account and model, whichever roles share them. */
  private readonly probes = new Map<string, Promise<Omit<ModelProbe, "setting">>>();

  constructor(
    private readonly timeoutMs: number,
    maxReplyBytes: number,
  ) {
    this.fetch = cappedFetch(maxReplyBytes);
  }

  private async post(endpoint: RoleEndpoint, path: string, body: object): Promise<Reply> {
    const response = await this.fetch(`${endpoint.resolvedBaseURL}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${endpoint.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, header: (name) => response.headers.get(name) ?? undefined };
  }

  probe(endpoint: RoleEndpoint, model: string, kind: ModelProbe["kind"]): Promise<Omit<ModelProbe, "setting">> {
    const key = `${endpoint.resolvedBaseURL}\0${endpoint.apiKey}\0${model}\0${kind}`;
    let found = this.probes.get(key);
    if (!found) {
      found = kind === "chat" ? this.probeChat(endpoint, model) : this.probeEmbeddings(endpoint, model);
      this.probes.set(key, found);
    }
    return found;
  }

  private async send(endpoint: RoleEndpoint, path: string, body: object): Promise<Reply | { unreachable: string }> {
    try {
      return await this.post(endpoint, path, body);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const what =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${this.timeoutMs} ms`
          : (cause ?? (error instanceof Error ? error.message : String(error)));
      return { unreachable: `cannot reach ${endpoint.resolvedBaseURL} (${what})` };
    }
  }

  private async probeChat(endpoint: RoleEndpoint, model: string): Promise<Omit<ModelProbe, "setting">> {
    // Everything first, so that every refusal is seen; rulesByName says what the app sends before learning.
    let rules: ModelRules = { temperature: true, tokenLimitField: "max_tokens", structuredOutput: "json_schema" };
    let format = true;
    const base = {
      model,
      messages: PROBE_MESSAGES,
      temperature: 0,
      max_tokens: PROBE_MAX_TOKENS,
      response_format: { type: "json_schema", json_schema: { name: "probe", strict: true, schema: PROBE_SCHEMA } },
    };
    let reply: Reply | undefined;
    for (let call = 0; call < MAX_PROBE_CALLS; call++) {
      const body = applyRules(base, rules);
      if (!format) delete body.response_format;
      const sent = await this.send(endpoint, "/chat/completions", body);
      if ("unreachable" in sent) return failure(model, "chat", "unreachable", sent.unreachable);
      reply = sent;
      if (reply.status >= 200 && reply.status < 300) {
        const structuredOutput: StructuredOutputSupport = format ? rules.structuredOutput : "none";
        return {
          model,
          kind: "chat",
          result: "ok",
          status: reply.status,
          temperature: rules.temperature,
          tokenLimitField: rules.tokenLimitField,
          structuredOutput,
          learned: learnedRules(model, rules, structuredOutput),
          limits: readLimitHeaders(reply.header),
        };
      }
      if (reply.status !== 400) break;
      const next = learnFromRefusal(rules, reply.json);
      if (next) rules = next;
      // JSON mode refused too: the prompts alone ask for the JSON object.
      else if (format && rules.structuredOutput === "json_object" && mentionsResponseFormat(reply.json)) format = false;
      else break;
    }
    return refusal(model, "chat", reply!);
  }

  private async probeEmbeddings(endpoint: RoleEndpoint, model: string): Promise<Omit<ModelProbe, "setting">> {
    const sent = await this.send(endpoint, "/embeddings", { model, input: ["probe"], encoding_format: "float" });
    if ("unreachable" in sent) return failure(model, "embeddings", "unreachable", sent.unreachable);
    if (sent.status < 200 || sent.status >= 300) return refusal(model, "embeddings", sent);
    const vector = (sent.json as { data?: { embedding?: unknown }[] } | undefined)?.data?.[0]?.embedding;
    if (!Array.isArray(vector))
      return failure(model, "embeddings", "failed", "the reply is not an embeddings list (data[0].embedding)");
    return {
      model,
      kind: "embeddings",
      result: "ok",
      status: sent.status,
      dimensions: vector.length,
      learned: [],
      limits: readLimitHeaders(sent.header),
    };
  }
}

/** The rules the probe found that the model's name does not tell (so the app's first call learns them). */
function learnedRules(model: string, found: ModelRules, structuredOutput: StructuredOutputSupport): string[] {
  const byName = rulesByName(model);
  const learned: string[] = [];
  if (found.temperature !== byName.temperature) learned.push(found.temperature ? "temperature" : "no temperature");
  if (found.tokenLimitField !== byName.tokenLimitField) learned.push(found.tokenLimitField);
  if (structuredOutput !== byName.structuredOutput) learned.push(`structured output: ${structuredOutput}`);
  return learned;
}

function failure(
  model: string,
  kind: ModelProbe["kind"],
  result: ProbeResult,
  message: string,
  status?: number,
): Omit<ModelProbe, "setting"> {
  return { model, kind, result, message, ...(status ? { status } : {}), learned: [], limits: {} };
}

/** A reply that is not an answer, as a result and a message of its own. */
function refusal(model: string, kind: ModelProbe["kind"], reply: Reply): Omit<ModelProbe, "setting"> {
  const said = errorMessage(reply.json);
  const quoted = said ? ` (the endpoint said: ${said.slice(0, 300)})` : "";
  const kindOf: RefusalKind = classifyRefusal(reply.status, reply.json);
  const limits = readLimitHeaders(reply.header);
  switch (kindOf) {
    case "insufficient_quota":
      return {
        ...failure(
          model,
          kind,
          "insufficient_quota",
          `${reply.status}: the account's quota is used up (insufficient_quota, its plan and billing); waiting does not help${quoted}`,
          reply.status,
        ),
        limits,
      };
    case "rate_limited":
      return {
        ...failure(
          model,
          kind,
          "rate_limited",
          `429: rate limited just now; the endpoint and key work, the model's rules were not probed${quoted}`,
          429,
        ),
        limits,
      };
    case "unauthorized":
      return failure(
        model,
        kind,
        "unauthorized",
        `${reply.status}: the endpoint refused the key${quoted}`,
        reply.status,
      );
    case "model_not_found":
      return failure(
        model,
        kind,
        "model_not_found",
        `${reply.status}: the endpoint has no model "${model}", or this key may not use it${quoted}`,
        reply.status,
      );
    default:
      return failure(model, kind, "failed", `${reply.status}: the endpoint refused the probe${quoted}`, reply.status);
  }
}

/** The models a role calls, each with the variable that names it; empty with the reason when there are none. */
function roleModels(
  role: ModelRole,
  e: Env,
  opts: LlmCheckOptions,
): { models: { model: string; setting: string }[]; note?: string } {
  switch (role) {
    case "judge":
      return { models: [{ model: e.JUDGE_MODEL, setting: "JUDGE_MODEL" }] };
    case "panel": {
      if (e.PANEL_JUDGE_MODELS.length === 0 && !e.PANEL_TIER2_MODEL)
        return { models: [], note: "no panel models (PANEL_JUDGE_MODELS, PANEL_TIER2_MODEL)" };
      const models = [
        ...e.PANEL_JUDGE_MODELS.map((model) => ({ model, setting: "PANEL_JUDGE_MODELS" })),
        ...(e.PANEL_TIER2_MODEL ? [{ model: e.PANEL_TIER2_MODEL, setting: "PANEL_TIER2_MODEL" }] : []),
        e.PANEL_CONTEXT_MODEL
          ? { model: e.PANEL_CONTEXT_MODEL, setting: "PANEL_CONTEXT_MODEL" }
          : { model: e.JUDGE_MODEL, setting: "JUDGE_MODEL (the panel's context writer)" },
      ];
      return { models: models.filter((m, i) => models.findIndex((o) => o.model === m.model) === i) };
    }
    case "attribution":
      return {
        models: [
          e.ATTRIBUTION_MODEL
            ? { model: e.ATTRIBUTION_MODEL, setting: "ATTRIBUTION_MODEL" }
            : { model: e.JUDGE_MODEL, setting: "JUDGE_MODEL (attribution's default)" },
        ],
      };
    case "agent":
      if (!opts.agentModels?.length)
        return { models: [], note: "models are chosen per run: name one with --agent-model to probe it" };
      return { models: opts.agentModels.map((model) => ({ model, setting: "--agent-model" })) };
    case "embedding":
      return { models: [{ model: e.EMBEDDING_MODEL, setting: "EMBEDDING_MODEL" }] };
  }
}

/** Probes every configured role's endpoint and models once; `ok` is false when any of them cannot work. */
export async function checkModelEndpoints(e: Env, opts: LlmCheckOptions = {}): Promise<LlmCheckReport> {
  const prober = new Prober(opts.timeoutMs ?? Math.min(e.JUDGE_TIMEOUT_MS, 60_000), e.LLM_MAX_REPLY_BYTES);
  const accounts = new Map<string, string>();
  const roles: RoleCheck[] = [];
  for (const role of MODEL_ROLES) {
    const prefix = ROLE_PREFIX[role];
    const offlineEmbeddings =
      role === "embedding" && (e.EMBEDDING_PROVIDER ?? (e.EMBEDDING_BASE_URL ? "openai" : "offline")) === "offline";
    const endpoint = offlineEmbeddings ? null : roleEndpoint(role, e);
    if (!endpoint) {
      roles.push({
        role,
        endpoint: null,
        account: null,
        keyVariable: null,
        configuredLimits: {},
        state: "not_configured",
        note: offlineEmbeddings
          ? "the offline embedder (no endpoint; EMBEDDING_PROVIDER, EMBEDDING_BASE_URL)"
          : role === "judge"
            ? "no endpoint: scores use the offline judge"
            : "no endpoint",
        models: [],
      });
      continue;
    }
    const accountKey = `${endpoint.resolvedBaseURL}\0${endpoint.apiKey}`;
    if (!accounts.has(accountKey)) accounts.set(accountKey, String.fromCharCode(65 + accounts.size));
    const keyVariable = e[`${prefix}_API_KEY`] ? `${prefix}_API_KEY` : e.OPENAI_API_KEY ? "OPENAI_API_KEY" : null;
    const { models, note } = roleModels(role, e, opts);
    const probes: ModelProbe[] = [];
    for (const { model, setting } of models) {
      const kind: ModelProbe["kind"] = role === "embedding" ? "embeddings" : "chat";
      const probe: Omit<ModelProbe, "setting"> =
        opts.probe === false
          ? { model, kind, result: "not_probed" as const, learned: [], limits: {} }
          : await prober.probe(endpoint, model, kind);
      probes.push({
        ...probe,
        setting,
        ...(probe.message ? { message: fixHint(probe, setting, keyVariable, prefix) } : {}),
      });
    }
    roles.push({
      role,
      endpoint: endpoint.resolvedBaseURL,
      account: accounts.get(accountKey)!,
      keyVariable,
      configuredLimits: endpoint.limits,
      state: models.length > 0 ? "checked" : "skipped",
      ...(note ? { note } : {}),
      models: probes,
    });
  }
  const ok = roles.every((r) => r.models.every((m) => !FAILED_RESULTS.includes(m.result)));
  return { ok, roles };
}

/** The failure's message with the setting to change. */
function fixHint(
  probe: Omit<ModelProbe, "setting">,
  setting: string,
  keyVariable: string | null,
  prefix: string,
): string {
  const message = probe.message!;
  switch (probe.result) {
    case "unauthorized":
      return `${message}; check ${keyVariable ?? `${prefix}_API_KEY or OPENAI_API_KEY (none is set)`}`;
    case "model_not_found":
      return `${message}; check ${setting}`;
    case "unreachable":
      return `${message}; check ${prefix}_BASE_URL or OPENAI_BASE_URL`;
    default:
      return message;
  }
}
