import { env, type Env } from "../env";
import { StructuredClient } from "./structured-client";
import { ENABLE_LLM_HINT, roleEndpoint, type ModelRole, type RoleEnv } from "./endpoint";

// What the panel and the attribution need configured, and their clients, each on its role's endpoint
// (lib/llm/endpoint.ts). Without an endpoint neither runs: the panel would otherwise invent validity figures, so it
// refuses to start and names what is missing.

export type PanelConfig = { judges: string[]; tier2Judge: string; contextModel: string };

/** The panel's models, or the sentence saying what is missing. */
type PanelEnv = RoleEnv & Pick<Env, "PANEL_JUDGE_MODELS" | "PANEL_TIER2_MODEL" | "PANEL_CONTEXT_MODEL" | "JUDGE_MODEL">;

export function readPanelConfig(e: PanelEnv = env): { ok: true; config: PanelConfig } | { ok: false; message: string } {
  const missing = [
    !roleEndpoint("panel", e) && "OPENAI_API_KEY (or OPENAI_BASE_URL alone for a local server, or PANEL_BASE_URL)",
    e.PANEL_JUDGE_MODELS.length === 0 && "PANEL_JUDGE_MODELS",
    !e.PANEL_TIER2_MODEL && "PANEL_TIER2_MODEL",
  ].filter(Boolean);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `Panel validation needs an LLM endpoint and its judges: set ${missing.join(", ")} (see .env.example and docs/operating.md). No panel figures are shown without them.`,
    };
  }
  // §2.3, F.6.2: two distinct tier 1 judges, and a third, distinct from both, settles their disagreements. With one
  // judge (or the same model twice) tier 1 always "agrees" and tier 2 never runs, so such a panel is refused.
  const judges = [...new Set(e.PANEL_JUDGE_MODELS)];
  const tier2 = e.PANEL_TIER2_MODEL!;
  if (judges.length !== 2) {
    const got =
      judges.length < 2
        ? `only one distinct model (${judges.join(", ")})`
        : `${judges.length} models (${judges.join(", ")})`;
    return {
      ok: false,
      message: `Panel validation needs exactly two distinct tier 1 judges in PANEL_JUDGE_MODELS; it has ${got}. Set two different models, comma-separated (see .env.example).`,
    };
  }
  if (judges.includes(tier2)) {
    return {
      ok: false,
      message: `Panel validation needs a tier 2 judge distinct from both tier 1 judges; PANEL_TIER2_MODEL (${tier2}) is also in PANEL_JUDGE_MODELS. Set another model.`,
    };
  }
  return { ok: true, config: { judges, tier2Judge: tier2, contextModel: e.PANEL_CONTEXT_MODEL ?? e.JUDGE_MODEL } };
}

export function readAttributionModel(
  e: RoleEnv & Pick<Env, "ATTRIBUTION_MODEL" | "JUDGE_MODEL"> = env,
): { ok: true; model: string } | { ok: false; message: string } {
  if (!roleEndpoint("attribution", e))
    return {
      ok: false,
      message: `Bug-type attribution needs an LLM: ${ENABLE_LLM_HINT}. Until then no finding is labelled by the classifier: submitters' own categories stay their labels, and the reference bugs show the benchmark file's.`,
    };
  return { ok: true, model: e.ATTRIBUTION_MODEL ?? e.JUDGE_MODEL };
}

/** The client of one role's endpoint (a benchmark build, whose model defaults to JUDGE_MODEL, uses the judge's). */
export function createStructuredClient(role: Extract<ModelRole, "judge" | "panel" | "attribution">): StructuredClient {
  const endpoint = roleEndpoint(role);
  if (!endpoint) throw new Error(`createStructuredClient needs an endpoint for the ${role}: ${ENABLE_LLM_HINT}`);
  return new StructuredClient({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseURL,
    timeoutMs: env.JUDGE_TIMEOUT_MS,
    maxRetries: env.JUDGE_MAX_RETRIES,
    malformedRetries: env.JUDGE_MALFORMED_RETRIES,
  });
}
