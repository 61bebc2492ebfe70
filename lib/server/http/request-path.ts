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
