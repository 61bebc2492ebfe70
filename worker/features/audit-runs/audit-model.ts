import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { env } from "../../../lib/env";
import { TOOL_DEFINITIONS } from "../../../lib/agent/tools";
import { assistantTurn, type AssistantTurn } from "../../../lib/llm/structured-client";
import { pricedUsage } from "../../../lib/llm/model-prices";
import type { ModelEndpoint } from "../../../lib/server/audit-runs/model-endpoint";
import { timedModelCall } from "../../../lib/observability/metrics";
import { accountFetch } from "../../../lib/llm/paced-fetch";

// The model side of a pass: OpenAI-compatible chat completions with function tools. The SDK retries 429 / 5xx /
// timeouts itself; what outlasts that fails the pass attempt, and the pass job is retried (AUDIT_ATTEMPTS).
export function createAuditClient(endpoint: ModelEndpoint): OpenAI {
  return new OpenAI({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseUrl,
    timeout: env.AUDIT_MODEL_TIMEOUT_MS,
    maxRetries: 4,
    // Paced by the account's limits, replies capped (lib/llm/paced-fetch.ts).
    fetch: accountFetch(endpoint.baseUrl, endpoint.apiKey, { maxConcurrency: env.AUDIT_CONCURRENCY }),
  });
}

export function toolCompleter(client: OpenAI, model: string, reasoningEffort: string | null) {
  return async (messages: ChatCompletionMessageParam[]): Promise<AssistantTurn> => {
    const completion = await timedModelCall("audit", () =>
      client.chat.completions.create({
        model,
        messages,
        tools: TOOL_DEFINITIONS as unknown as OpenAI.Chat.Completions.ChatCompletionTool[],
        tool_choice: "auto",
        ...(reasoningEffort ? { reasoning_effort: reasoningEffort as OpenAI.ReasoningEffort } : {}),
      }),
    );
    return assistantTurn(completion, pricedUsage(model, completion.usage));
  };
}
