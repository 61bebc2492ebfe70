// The path a request is about, decided once by the web server (server/server.ts) the way Next.js routes it: Next
// parses `request.url` as a WHATWG URL (`new URL("http://n" + url)`), which resolves `.` and `..` segments, also when
// they are percent-encoded (`%2e%2e`), and reads `\` as `/`. Every decision the server makes before Next (which
// requests count as public reads, which are static assets, the metrics route label, the page cache) must use that
// path, not the raw one: `/_next/static/%2e%2e/%2e%2e/api/v1/benchmarks` is `/api/v1/benchmarks` to Next.
// Browsers and HTTP clients never send an encoded dot segment (they resolve dot segments before sending), so one is
// refused outright rather than resolved.

export type RequestPath = { ok: true; pathname: string; search: string } | { ok: false; reason: string };

// A segment that is a dot segment only once percent-decoded: `%2e`, `.%2e`, `%2E.`, `%2e%2e` (WHATWG URL, path state).
const ENCODED_DOT_SEGMENT = /^(?:%2e|\.)?%2e$|^%2e\.$/i;

export function normaliseRequestPath(rawUrl: string | undefined): RequestPath {
  const raw = rawUrl || "/";
  const rawPath = raw.split(/[?#]/, 1)[0]!;
  if (rawPath.split(/[/\\]/).some((segment) => ENCODED_DOT_SEGMENT.test(segment)))
    return { ok: false, reason: "encoded dot segment in the path" };
  try {
    const url = raw.startsWith("/") ? new URL(`http://n${raw}`) : new URL(raw);
    return { ok: true, pathname: url.pathname, search: url.search };
  } catch {
    return { ok: false, reason: "malformed request target" };
  }
}

/**
 * A download's CSV path (`/api/v1/leaderboard.csv?benchmark=...`, its own operation in the OpenAPI document) as the
 * request its handler reads (`/api/v1/leaderboard?benchmark=...&format=csv`); null for any other path. Rewritten
 * by the web server before Next.js routes it: a rewrite in next.config.ts reached the handler without its query.
 */
export function csvTwinUrl(pathname: string, search: string): string | null {
  if (!pathname.startsWith("/api/v1/") || !pathname.endsWith(".csv") || pathname.length <= "/api/v1/.csv".length)
    return null;
  const params = new URLSearchParams(search);
  params.set("format", "csv");
  return `${pathname.slice(0, -".csv".length)}?${params}`;
}

/**
 * Whether an Accept header asks for CSV over JSON (`Accept: text/csv`, `text/csv, application/json;q=0.5`), for the
 * routes that answer either; a route's `format` query parameter, when given, decides instead. JSON stays the answer
 * to no header, `*\/*`, and anything that ranks JSON at least as high. Hand-written: two media types and their q
 * values are all it reads (a negotiation library is not among the dependencies).
 */
export function prefersCsv(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = accept.split(",").map((part) => {
    const [type = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return { type, q: q ? Number(q.slice(2)) : 1 };
  });
  // The most specific range naming a type sets its q (RFC 9110 §12.5.1); CSV must be named outright to be chosen.
  const qualityOf = (type: string) => {
    const [major] = type.split("/");
    const match =
      ranges.find((r) => r.type === type) ??
      ranges.find((r) => r.type === `${major}/*`) ??
      ranges.find((r) => r.type === "*/*");
    return match && Number.isFinite(match.q) ? match.q : 0;
  };
  return ranges.some((r) => r.type === "text/csv") && qualityOf("text/csv") > qualityOf("application/json");
}

/**
 * The methods the API declares for a path (`{id}` in a declared path stands for any one segment; static segments win
 * over parameters, as Next.js routes), or null when no declared route has that path. The web server answers any other
 * method on such a path with a JSON 405 (Next.js would answer an empty one).
 */
export function declaredMethods(
  routes: readonly { method: string; path: string }[],
  pathname: string,
): string[] | null {
  const parts = pathname.split("/");
  let best: string | null = null;
  let methods: string[] = [];
  for (const route of routes) {
    const segments = route.path.split("/");
    if (segments.length !== parts.length) continue;
    const dynamic = segments.map((s) => s.startsWith("{"));
    if (!segments.every((s, i) => (dynamic[i] ? parts[i] !== "" : s === parts[i]))) continue;
    // "0" static, "1" a parameter: the smallest key is the route Next.js picks.
    const key = dynamic.map((d) => (d ? "1" : "0")).join("");
    if (best === null || key < best) [best, methods] = [key, []];
    if (key === best) methods.push(route.method.toUpperCase());
  }
  return best === null ? null : [...new Set(methods)];
}
