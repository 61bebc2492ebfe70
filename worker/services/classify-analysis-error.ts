import "server-only";
import OpenAI from "openai";
import { AppError } from "../../lib/errors";
import { JudgeReplyError } from "../../lib/llm/judge";
import { isTransientError } from "../../lib/llm/retry";
import { AttributionInputError } from "./attribute-bugs";
import type { ClassifiedError } from "./classify-error";
import { PanelInputError } from "./run-panel";

/** Like classifyScoringError, for panel and attribution jobs: a client-safe message and whether a retry can help. */
export function classifyAnalysisError(what: "Panel validation" | "Bug-type attribution", error: unknown): ClassifiedError {
  // Our own errors carry client-safe messages, e.g. a snapshot refused at extraction (docs/security.md).
  if (error instanceof PanelInputError || error instanceof AttributionInputError || error instanceof AppError) return { permanent: true, message: error.message };
  if (isTransientError(error)) {
    const status = error instanceof OpenAI.APIError ? error.status : undefined;
    return { permanent: false, message: `The LLM endpoint is unavailable${status ? ` (HTTP ${status})` : " (timeout or connection error)"}; ${what.toLowerCase()} will be retried.` };
  }
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403) return { permanent: true, message: "The LLM endpoint rejected the configured API key." };
    if (error.status === 404) return { permanent: true, message: "A configured model or the endpoint was not found; check PANEL_JUDGE_MODELS, PANEL_TIER2_MODEL, ATTRIBUTION_MODEL and OPENAI_BASE_URL." };
    return { permanent: true, message: `The LLM endpoint refused the request (HTTP ${error.status ?? "unknown"}).` };
  }
  if (error instanceof JudgeReplyError) return { permanent: true, message: `${what} stopped: a model kept answering without the required JSON. Every answer already stored is kept; starting again asks only for the rest.` };
  return { permanent: false, message: `${what} failed because of an internal error; it will be retried.` };
}
