import { env, type Env } from "../env";

// The one OpenAI-compatible endpoint the judge, the panel and the attribution call. It is configured by an API key
// (OpenAI, or any server that asks for one, with OPENAI_BASE_URL), or by OPENAI_BASE_URL alone: a local vLLM,
// llama.cpp or Ollama server asks for no key, and the OpenAI SDK is then given a placeholder it sends unread.

export type LlmEndpoint = { apiKey: string; baseURL: string | undefined };

const NO_KEY = "no-key";

/** The endpoint, or null when neither OPENAI_API_KEY nor OPENAI_BASE_URL is set (the offline judge is used). */
export function llmEndpoint(e: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL"> = env): LlmEndpoint | null {
  if (!e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) return null;
  return { apiKey: e.OPENAI_API_KEY ?? NO_KEY, baseURL: e.OPENAI_BASE_URL };
}

/** What turns the LLM features on, in one sentence for pages and errors. */
export const ENABLE_LLM_HINT =
  "set OPENAI_API_KEY, or OPENAI_BASE_URL to any OpenAI-compatible server (a local vLLM, llama.cpp or Ollama server needs no key); see docs/operating.md";
