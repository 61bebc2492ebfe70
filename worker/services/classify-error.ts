import "server-only";
import OpenAI from "openai";
import { JudgeReplyError } from "../../lib/llm/judge";
import { isTransientError } from "../../lib/llm/retry";
import { EmbeddingError } from "./embed-bugs";
import { UndecidedPairsError } from "./score-submission";

export type ClassifiedError = { permanent: boolean; message: string };

/**
 * Turns a scoring failure into a message fit for the submitter (no internal details) and decides whether retrying
 * can help: timeouts, 429 and 5xx can succeed later; bad credentials, a missing model or bad replies cannot.
 */
export function classifyScoringError(error: unknown): ClassifiedError {
  if (isTransientError(error)) {
    const status = error instanceof OpenAI.APIError ? error.status : undefined;
    return { permanent: false, message: `The judge endpoint is unavailable${status ? ` (HTTP ${status})` : " (timeout or connection error)"}; scoring will be retried.` };
  }
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403) return { permanent: true, message: "The judge endpoint rejected the configured API key." };
    if (error.status === 404) return { permanent: true, message: "The judge model or endpoint was not found; check JUDGE_MODEL and OPENAI_BASE_URL." };
    return { permanent: true, message: `The judge endpoint refused the request (HTTP ${error.status ?? "unknown"}).` };
  }
  if (error instanceof UndecidedPairsError) {
    return { permanent: true, message: `${error.count} candidate pair(s) stayed undecided: the judge model's replies were not the required {match, rationale} JSON after retries. Every other verdict is stored; rescoring asks only for these.` };
  }
  if (error instanceof EmbeddingError) return { permanent: true, message: "The embedding provider returned an invalid vector (wrong length or non-finite values); check EMBEDDING_MODEL and the endpoint." };
  if (error instanceof JudgeReplyError) return { permanent: true, message: "The judge model did not return the required {match, rationale} JSON." };
  return { permanent: false, message: "Scoring failed because of an internal error; it will be retried." };
}
