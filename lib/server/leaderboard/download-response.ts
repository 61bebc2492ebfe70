import { createHash } from "node:crypto";
import { publicReadCacheControl } from "../http/cache-policy";

// Responses of the public read-only API: JSON or CSV, with an ETag built from the data stamp so clients (and the
// leaderboard page checking its cached HTML) can ask "changed?" and get a bodiless 304 when nothing did. `stamp` is
// the stamp the data was loaded under (stamp-cache.ts's Stamped), never one read after it: bodies are kept per ETag.
export function downloadResponse(
  request: Request,
  opts: {
    format: "json" | "csv";
    stamp: string;
    variant: string;
    filename: string;
    json: () => unknown;
    csv: () => string;
  },
): Response {
  // The route is the request's own path: two routes never share an entry, whatever their variants say.
  const key = cacheKey(new URL(request.url).pathname, opts.format, opts.stamp, opts.variant);
  const etag = etagOf(key);
  const headers: Record<string, string> = {
    etag,
    // Public data: browsers always revalidate (cheap: a 304 when the stamp is unchanged); the front proxy may keep
    // anonymous answers for a few seconds.
    "cache-control": publicReadCacheControl(request),
    "access-control-allow-origin": "*",
    // `Accept: text/csv` chooses CSV where the query does not say (route-handler/handle.ts).
    vary: "accept",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  // The same stamp and scope always give the same bytes, so serialize once: every leaderboard page view fetches
  // the full view right after loading, and JSON.stringify of 200 rows is the expensive part of answering it.
  // Kept under the exact key, not its hash: a body is only ever served for the very query that produced it.
  const body = bodyCache.get(key) ?? (opts.format === "csv" ? opts.csv() : JSON.stringify(opts.json()));
  if (bodyCache.size >= BODY_CACHE_ENTRIES) bodyCache.delete(bodyCache.keys().next().value!);
  bodyCache.set(key, body);
  if (opts.format === "csv") {
    return new Response(body, {
      headers: {
        ...headers,
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${opts.filename}.csv"`,
      },
    });
  }
  return new Response(body, { headers: { ...headers, "content-type": "application/json" } });
}

const BODY_CACHE_ENTRIES = 64;
const bodyCache = new Map<string, string>();

/** The body cache's key: the exact route, format, stamp and variant, unambiguous (a JSON array, not a joined string). */
function cacheKey(route: string, format: "json" | "csv", stamp: string, variant: string): string {
  return JSON.stringify([route, format, stamp, variant]);
}

/**
 * The ETag of a download: a SHA-256 of its cache key. A short hash (32 bits) let anyone find, in seconds, a query of
 * another route whose ETag matched a leaderboard's, and so have caches that trust ETags (browsers, the front proxy)
 * serve one answer for the other.
 */
function etagOf(key: string): string {
  return `W/"${createHash("sha256").update(key).digest("base64url")}"`;
}

/** The ETag of a download of `route`; the leaderboard page sends it to ask "changed?". */
export function etagFor(route: string, format: "json" | "csv", stamp: string, variant: string): string {
  return etagOf(cacheKey(route, format, stamp, variant));
}

/** A file name fragment for a benchmark key (slug@version -> slug-version). */
export function fileSafe(text: string): string {
  return text.replace(/[^a-zA-Z0-9._-]+/g, "-");
}

/** The ETag variant of a leaderboard scope; the page computes the same one for the view it renders. */
export function leaderboardVariant(
  benchmarkKey: string,
  scope: { repos: string[]; language: string | null },
  asOf: string | null = null,
): string {
  return `${benchmarkKey}|${scope.language ?? ""}|${scope.repos.join(",")}${asOf ? `|${asOf}` : ""}`;
}
