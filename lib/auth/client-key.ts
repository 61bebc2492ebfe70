import { CLIENT_ADDRESS_HEADER } from "./client-address";

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

function header(source: HeaderSource, name: string): string | undefined {
  if (!source) return undefined;
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The client address used to key anonymous rate limits: what server/server.ts decided from the socket (and from
 * X-Forwarded-For only behind a trusted proxy). X-Forwarded-For itself is never read here: any client can send it.
 * Without the server's header (the app was started some other way) every client shares one key, which errs strict.
 */
export function clientKey(source: HeaderSource): string {
  return (header(source, CLIENT_ADDRESS_HEADER) ?? "unknown").slice(0, 100);
}
