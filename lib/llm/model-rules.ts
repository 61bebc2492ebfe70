// What a model accepts, so each call sends only that: reasoning models (OpenAI's o-series and GPT-5 families) refuse
// `temperature` and want `max_completion_tokens` instead of `max_tokens`; some OpenAI-compatible servers take no
// `json_schema` response format and get JSON mode instead (the prompt itself asks for the JSON object). Known families
// are set by name; anything else is learned from the first 400 that names the parameter, once per process.

type StructuredOutput = "json_schema" | "json_object";

export type ModelRules = {
  temperature: boolean;
  tokenLimitField: "max_tokens" | "max_completion_tokens";
  structuredOutput: StructuredOutput;
};

// OpenAI's reasoning models: o1, o3, o4-mini, ..., gpt-5, gpt-5-mini, ... (not gpt-5-chat, a chat model).
const REASONING = /^(?:[\w.-]+\/)?(?:o\d(?:$|[-.])|gpt-5(?!-chat))/i;

/** The rules a model's name tells before any call. */
export function rulesByName(model: string): ModelRules {
  const reasoning = REASONING.test(model);
  return {
    temperature: !reasoning,
    tokenLimitField: reasoning ? "max_completion_tokens" : "max_tokens",
    structuredOutput: "json_schema",
  };
}

type ChatBody = {
  model: string;
  messages: readonly { content?: unknown }[];
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: unknown };
  [field: string]: unknown;
};

/** The request body as the model accepts it: `temperature` dropped, the token limit renamed, JSON mode for json_schema. */
export function applyRules<T extends ChatBody>(body: T, rules: ModelRules): ChatBody {
  const out: ChatBody = { ...body };
  if (!rules.temperature) delete out.temperature;
  if (rules.tokenLimitField === "max_completion_tokens" && out.max_tokens !== undefined) {
    out.max_completion_tokens = out.max_tokens;
    delete out.max_tokens;
  }
  if (rules.structuredOutput === "json_object" && out.response_format?.type === "json_schema")
    out.response_format = { type: "json_object" };
  return out;
}

type RefusalBody = { error?: { param?: unknown; message?: unknown; code?: unknown } } | undefined;

/**
 * The rules after a 400 refusing a parameter (OpenAI's `unsupported_parameter` / `unsupported_value` with `param`, or
 * a message naming it, as vLLM and others write them); undefined when the refusal is about something else.
 */
export function learnFromRefusal(rules: ModelRules, body: unknown): ModelRules | undefined {
  const error = (body as RefusalBody)?.error;
  const param = typeof error?.param === "string" ? error.param : "";
  const message = typeof error?.message === "string" ? error.message.toLowerCase() : "";
  const names = (name: string) => param === name || message.includes(`'${name}'`) || message.includes(`"${name}"`);
  if (rules.temperature && (names("temperature") || message.includes("temperature")))
    return { ...rules, temperature: false };
  if (rules.tokenLimitField === "max_tokens" && (names("max_tokens") || message.includes("max_completion_tokens")))
    return { ...rules, tokenLimitField: "max_completion_tokens" };
  if (
    rules.structuredOutput === "json_schema" &&
    (param.startsWith("response_format") || message.includes("json_schema") || message.includes("response_format"))
  )
    return { ...rules, structuredOutput: "json_object" };
  return undefined;
}

/** Rules learned in this process, by endpoint and model. */
const learned = new Map<string, ModelRules>();

export function modelRules(endpoint: string, model: string): ModelRules {
  return learned.get(`${endpoint}\0${model}`) ?? rulesByName(model);
}

function rememberRules(endpoint: string, model: string, rules: ModelRules): void {
  learned.set(`${endpoint}\0${model}`, rules);
}

/**
 * Calls `send` with the model's rules; when the endpoint refuses a parameter with a 400 (an OpenAI SDK APIError with
 * status 400), learns the rule and sends again (at most once per rule).
 */
export async function sendWithRules<T>(
  endpoint: string,
  model: string,
  send: (rules: ModelRules) => Promise<T>,
): Promise<T> {
  for (;;) {
    const rules = modelRules(endpoint, model);
    try {
      return await send(rules);
    } catch (error) {
      const refusal = error as { status?: unknown; error?: unknown };
      const next = refusal?.status === 400 ? learnFromRefusal(rules, { error: refusal.error }) : undefined;
      if (!next) throw error;
      rememberRules(endpoint, model, next);
    }
  }
}
