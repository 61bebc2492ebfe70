import "server-only";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { env } from "../../lib/env";
import { AppError } from "../../lib/errors";
import { isTransientError } from "../../lib/llm/retry";
import { TOOL_DEFINITIONS } from "../../lib/agent/tools";
import type { AssistantTurn } from "../../lib/agent/agent-loop";
import type { ModelEndpoint } from "../../lib/server/runs/model-endpoint";

// The model side of a pass: OpenAI-compatible chat completions with function tools. The SDK retries 429 / 5xx /
// timeouts itself; what outlasts that fails the pass attempt, and the pass job is retried (AUDIT_ATTEMPTS).
export function createAuditClient(endpoint: ModelEndpoint): OpenAI {
  return new OpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseUrl, timeout: env.AUDIT_MODEL_TIMEOUT_MS, maxRetries: 4 });
}

export function toolCompleter(client: OpenAI, model: string, reasoningEffort: string | null) {
  return async (messages: ChatCompletionMessageParam[]): Promise<AssistantTurn> => {
    const completion = await client.chat.completions.create({
      model,
      messages,
      tools: TOOL_DEFINITIONS as unknown as OpenAI.Chat.Completions.ChatCompletionTool[],
      tool_choice: "auto",
      ...(reasoningEffort ? { reasoning_effort: reasoningEffort as OpenAI.ReasoningEffort } : {}),
    });
    const message = completion.choices[0]?.message;
    return {
      content: message?.content ?? null,
      toolCalls: (message?.tool_calls ?? []).flatMap((c) => (c.type === "function" ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [])),
      inputTokens: completion.usage?.prompt_tokens ?? 0,
      outputTokens: completion.usage?.completion_tokens ?? 0,
    };
  };
}

/** A message for the run's page (no internal details), and whether a later attempt may succeed. */
export function classifyAuditError(error: unknown): { permanent: boolean; message: string } {
  if (isTransientError(error)) return { permanent: false, message: "The model endpoint was unavailable (timeout, 429 or 5xx)." };
  // Our own errors carry client-safe messages, e.g. a snapshot refused at extraction (docs/security.md).
  if (error instanceof AppError) return { permanent: true, message: error.message };
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403) return { permanent: true, message: "The model endpoint rejected the configured API key." };
    if (error.status === 404) return { permanent: true, message: "The model or endpoint was not found; check the model name and base URL." };
    return { permanent: true, message: `The model endpoint refused the request (HTTP ${error.status ?? "unknown"}).` };
  }
  return { permanent: false, message: "The pass failed because of an internal error." };
}
