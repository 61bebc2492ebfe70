import { env } from "../../env";
import { roleEndpoint } from "../../llm/endpoint";

// The OpenAI-compatible endpoint audit passes call: the agents' role endpoint (AUDIT_API_KEY / AUDIT_BASE_URL, each
// falling back to OPENAI_*; lib/llm/endpoint.ts).
export type ModelEndpoint = { apiKey: string; baseUrl: string | undefined };

export function defaultAuditEndpoint(): ModelEndpoint | null {
  const endpoint = roleEndpoint("agent");
  return endpoint && { apiKey: endpoint.apiKey, baseUrl: endpoint.baseURL };
}

const normalise = (url: string) => url.trim().replace(/\/+$/, "");

/** Endpoints an admin may choose per run: the default and AUDIT_BASE_URLS (the key is sent to them). */
export function allowedBaseUrls(): string[] {
  const fallback = env.AUDIT_BASE_URL ?? env.OPENAI_BASE_URL;
  return [...new Set([...(fallback ? [normalise(fallback)] : []), ...env.AUDIT_BASE_URLS.map(normalise)])];
}

export function isAllowedBaseUrl(url: string): boolean {
  return allowedBaseUrls().includes(normalise(url));
}

/** The endpoint of one run, or null when no endpoint is configured. */
export function runEndpoint(baseUrl: string | null): ModelEndpoint | null {
  const endpoint = defaultAuditEndpoint();
  if (!endpoint) return null;
  return baseUrl ? { ...endpoint, baseUrl } : endpoint;
}
