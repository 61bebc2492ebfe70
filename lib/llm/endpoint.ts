import { env, type Env } from "../env";

// The OpenAI-compatible endpoints the model roles call. Each role (the duplicate judge, the panel, the bug-type
// attribution, the in-house audit agents, the embeddings) may name its own base URL, key and limits
// (JUDGE_BASE_URL, JUDGE_API_KEY, JUDGE_RPM, JUDGE_TPM, and PANEL_*, ATTRIBUTION_*, AUDIT_*, EMBEDDING_*); what it
// leaves unset is the OPENAI_* endpoint's. An endpoint is configured by an API key (OpenAI, or any server that asks
// for one), or by a base URL alone: a local vLLM, llama.cpp or Ollama server asks for no key, and the OpenAI SDK is
// then given a placeholder it sends unread.

export type LlmEndpoint = { apiKey: string; baseURL: string | undefined };

export const MODEL_ROLES = ["judge", "panel", "attribution", "agent", "embedding"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/** The prefix of a role's own variables (the audit agents keep the AUDIT_* names they had). */
export const ROLE_PREFIX = {
  judge: "JUDGE",
  panel: "PANEL",
  attribution: "ATTRIBUTION",
  agent: "AUDIT",
  embedding: "EMBEDDING",
} as const satisfies Record<ModelRole, string>;

type Prefix = (typeof ROLE_PREFIX)[ModelRole];
type RoleVariable = `${Prefix}_${"BASE_URL" | "API_KEY" | "RPM" | "TPM"}`;

/** What role resolution reads; a role's own variables may be absent (then they are unset). */
export type RoleEnv = Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL"> &
  Partial<Pick<Env, "LLM_RPM" | "LLM_TPM" | RoleVariable>>;

/** Requests and tokens per minute of a provider account; undefined where none is configured. */
export type AccountLimits = { rpm?: number; tpm?: number };

export type RoleEndpoint = LlmEndpoint & {
  role: ModelRole;
  /** The base URL the SDK calls (OpenAI's when none is set), without a trailing slash. */
  resolvedBaseURL: string;
  /** The limits configured for the role's account: every role on the same endpoint and key counts against them. */
  limits: AccountLimits;
};

const NO_KEY = "no-key";
const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

const normalise = (url: string) => url.trim().replace(/\/+$/, "");

/** An account's name in comparisons: the base URL the SDK calls and the key it sends. */
function accountOf(baseURL: string | undefined, apiKey: string): string {
  return `${normalise(baseURL ?? OPENAI_DEFAULT_BASE_URL)}\0${apiKey}`;
}

/** The role's endpoint before limits: its own base URL and key, each falling back to OPENAI_*; null when neither is set. */
function roleAccount(role: ModelRole, e: RoleEnv): LlmEndpoint | null {
  const prefix = ROLE_PREFIX[role];
  const apiKey = e[`${prefix}_API_KEY`] ?? e.OPENAI_API_KEY;
  const baseURL = e[`${prefix}_BASE_URL`] ?? e.OPENAI_BASE_URL;
  if (!apiKey && !baseURL) return null;
  return { apiKey: apiKey ?? NO_KEY, baseURL };
}

/**
 * The limits of the account at `baseURL` with `apiKey`: the smallest RPM and TPM named by any role that calls it
 * (LLM_RPM / LLM_TPM count for the OPENAI_* account), so roles sharing an account share one budget and a role on
 * another account never inherits this one's. Undefined where none is named (then learned from the replies' headers).
 */
export function accountLimits(baseURL: string | undefined, apiKey: string, e: RoleEnv = env): AccountLimits {
  const account = accountOf(baseURL, apiKey);
  const named: { rpm: (number | undefined)[]; tpm: (number | undefined)[] } = { rpm: [], tpm: [] };
  const openai = llmEndpoint(e);
  if (openai && accountOf(openai.baseURL, openai.apiKey) === account) {
    named.rpm.push(e.LLM_RPM);
    named.tpm.push(e.LLM_TPM);
  }
  for (const role of MODEL_ROLES) {
    const endpoint = roleAccount(role, e);
    if (!endpoint || accountOf(endpoint.baseURL, endpoint.apiKey) !== account) continue;
    named.rpm.push(e[`${ROLE_PREFIX[role]}_RPM`]);
    named.tpm.push(e[`${ROLE_PREFIX[role]}_TPM`]);
  }
  const smallest = (values: (number | undefined)[]) => {
    const set = values.filter((v): v is number => v !== undefined);
    return set.length > 0 ? Math.min(...set) : undefined;
  };
  const limits: AccountLimits = { rpm: smallest(named.rpm), tpm: smallest(named.tpm) };
  if (limits.rpm === undefined) delete limits.rpm;
  if (limits.tpm === undefined) delete limits.tpm;
  return limits;
}

/** The endpoint a role calls, or null when neither its own nor the OPENAI_* base URL or key is set. */
export function roleEndpoint(role: ModelRole, e: RoleEnv = env): RoleEndpoint | null {
  const endpoint = roleAccount(role, e);
  if (!endpoint) return null;
  return {
    ...endpoint,
    role,
    resolvedBaseURL: normalise(endpoint.baseURL ?? OPENAI_DEFAULT_BASE_URL),
    limits: accountLimits(endpoint.baseURL, endpoint.apiKey, e),
  };
}

/** The OPENAI_* endpoint, or null when neither OPENAI_API_KEY nor OPENAI_BASE_URL is set. */
export function llmEndpoint(e: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL"> = env): LlmEndpoint | null {
  if (!e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) return null;
  return { apiKey: e.OPENAI_API_KEY ?? NO_KEY, baseURL: e.OPENAI_BASE_URL };
}

/** What turns the LLM features on, in one sentence for pages and errors. */
export const ENABLE_LLM_HINT =
  "set OPENAI_API_KEY, or OPENAI_BASE_URL to any OpenAI-compatible server (a local vLLM, llama.cpp or Ollama server needs no key), or a role's own JUDGE_*, PANEL_* or ATTRIBUTION_* endpoint; see docs/operating.md";
