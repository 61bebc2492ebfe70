/** A same-site path to return to after signing in; anything else (absolute or protocol-relative URLs) goes home. */
export function safeCallbackPath(value: string | string[] | undefined | null, fallback = "/account/submissions"): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || !v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return fallback;
  return v;
}
