import { env } from "../../env";

// The OpenAI-compatible endpoint audit passes call: AUDIT_* when set, else the judge's OPENAI_* settings.
export type ModelEndpoint = { apiKey: string; baseUrl: string | undefined };

export function defaultAuditEndpoint(): ModelEndpoint | null {
  const apiKey = env.AUDIT_API_KEY ?? env.OPENAI_API_KEY;
  if (!apiKey) return null;
  return { apiKey, baseUrl: env.AUDIT_BASE_URL ?? env.OPENAI_BASE_URL };
}

const normalize = (url: string) => url.trim().replace(/\/+$/, "");

/** Endpoints an admin may choose per run: the default and AUDIT_BASE_URLS (the key is sent to them). */
export function allowedBaseUrls(): string[] {
  const fallback = env.AUDIT_BASE_URL ?? env.OPENAI_BASE_URL;
  return [...new Set([...(fallback ? [normalize(fallback)] : []), ...env.AUDIT_BASE_URLS.map(normalize)])];
}

export function isAllowedBaseUrl(url: string): boolean {
  return allowedBaseUrls().includes(normalize(url));
}

/** The endpoint of one run, or null when no key is configured. */
export function runEndpoint(baseUrl: string | null): ModelEndpoint | null {
  const endpoint = defaultAuditEndpoint();
  if (!endpoint) return null;
  return baseUrl ? { ...endpoint, baseUrl } : endpoint;
}
