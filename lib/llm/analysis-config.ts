import { env } from "../env";
import { StructuredClient } from "./analysis-client";

// What the panel and the attribution need configured, and their clients. Without an API key neither runs: the panel
// would otherwise invent validity figures, so it refuses to start and names what is missing.

export type PanelConfig = { judges: string[]; tier2Judge: string; contextModel: string };

/** The panel's models, or the sentence saying what is missing. */
export function readPanelConfig(): { ok: true; config: PanelConfig } | { ok: false; message: string } {
  const missing = [
    !env.OPENAI_API_KEY && "OPENAI_API_KEY",
    env.PANEL_JUDGE_MODELS.length === 0 && "PANEL_JUDGE_MODELS",
    !env.PANEL_TIER2_MODEL && "PANEL_TIER2_MODEL",
  ].filter(Boolean);
  if (missing.length > 0) {
    return { ok: false, message: `Panel validation needs an LLM endpoint and its judges: set ${missing.join(", ")} (see .env.example). No panel figures are shown without them.` };
  }
  return { ok: true, config: { judges: env.PANEL_JUDGE_MODELS, tier2Judge: env.PANEL_TIER2_MODEL!, contextModel: env.PANEL_CONTEXT_MODEL ?? env.JUDGE_MODEL } };
}

export function readAttributionModel(): { ok: true; model: string } | { ok: false; message: string } {
  if (!env.OPENAI_API_KEY) return { ok: false, message: "Bug-type attribution needs an LLM endpoint: set OPENAI_API_KEY (and optionally ATTRIBUTION_MODEL). Until then only self-reported categories are shown." };
  return { ok: true, model: env.ATTRIBUTION_MODEL ?? env.JUDGE_MODEL };
}

export function createStructuredClient(): StructuredClient {
  if (!env.OPENAI_API_KEY) throw new Error("createStructuredClient needs OPENAI_API_KEY");
  return new StructuredClient({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    timeoutMs: env.JUDGE_TIMEOUT_MS,
    maxRetries: env.JUDGE_MAX_RETRIES,
    malformedRetries: env.JUDGE_MALFORMED_RETRIES,
  });
}
