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
  const etag = etagFor(opts.format, opts.stamp, opts.variant);
  const headers: Record<string, string> = {
    etag,
    // Public data: browsers always revalidate (cheap: a 304 when the stamp is unchanged); the front proxy may keep
    // anonymous answers for a few seconds.
    "cache-control": publicReadCacheControl(request),
    "access-control-allow-origin": "*",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  // The same stamp and scope always give the same bytes, so serialize once: every leaderboard page view fetches
  // the full view right after loading, and JSON.stringify of 200 rows is the expensive part of answering it.
  const body = bodyCache.get(etag) ?? (opts.format === "csv" ? opts.csv() : JSON.stringify(opts.json()));
  if (bodyCache.size >= BODY_CACHE_ENTRIES) bodyCache.delete(bodyCache.keys().next().value!);
  bodyCache.set(etag, body);
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

/** The ETag of a download: the data stamp plus the format and scope. The leaderboard page sends it to ask "changed?". */
export function etagFor(format: "json" | "csv", stamp: string, variant: string): string {
  return `W/"${stamp}-${hashText(`${format}|${variant}`)}"`;
}

/** A short stable hash (FNV-1a) of the query, so different scopes of one stamp get different ETags. */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** A file name fragment for a benchmark key (slug@version -> slug-version). */
export function fileSafe(text: string): string {
  return text.replace(/[^a-zA-Z0-9._-]+/g, "-");
}

/** The ETag variant of a leaderboard scope; the page computes the same one for the view it renders. */
export function leaderboardVariant(benchmarkKey: string, scope: { repos: string[]; language: string | null }): string {
  return `${benchmarkKey}|${scope.language ?? ""}|${scope.repos.join(",")}`;
}
