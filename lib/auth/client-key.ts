type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

function header(source: HeaderSource, name: string): string | undefined {
  if (!source) return undefined;
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/**
 * The client address used to key anonymous rate limits. The last x-forwarded-for entry is the one added by the
 * nearest proxy (or by Next from the socket when there is none); earlier entries are whatever the client claimed.
 */
export function clientKey(source: HeaderSource): string {
  const forwarded = header(source, "x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return (last ?? header(source, "x-real-ip") ?? "unknown").slice(0, 100);
}
