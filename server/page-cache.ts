import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { createNonce } from "../lib/server/http/security-headers";
import { pageCacheControl } from "../lib/server/http/cache-policy";
import { cachedByStamp, GLOBAL_STAMP_SOURCE } from "../lib/server/public-reads/stamp-cache";

// The public pages' HTML, kept for the same 30 s the front proxy may keep it (s-maxage), so the app alone also
// answers repeats without rendering. Every page carries a per-request CSP nonce (proxy.ts): a copy is served with its
// nonce replaced by a fresh one, in the body and in the CSP header, so no two answers share a nonce. The nonce is 128
// random bits, so replacing its every occurrence touches nothing else. Only anonymous, uncompressed 200 answers
// without cookies are kept; anything signed in or private never reaches this cache (pageCacheControl decides, the
// same rule the proxy's Cache-Control comes from).
// A copy is also dropped as soon as the public data stamp moves (checked at most once a second, shared with the pages'
// own data cache), so an approval or a withdrawal shows at once on every instance. Submission pages are not kept: who
// may see one changes with its review, and a withdrawn entry must vanish immediately.
type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  nonce: string;
  expires: number;
  stamp: string;
};

const TTL_MS = 30_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, Entry>();

function nonceOf(csp: unknown): string | undefined {
  return typeof csp === "string" ? /'nonce-([^']+)'/.exec(csp)?.[1] : undefined;
}

function currentStamp(): Promise<string> {
  return cachedByStamp("page-cache:stamp", GLOBAL_STAMP_SOURCE, async (stamp) => stamp);
}

function cacheable(request: IncomingMessage, pathname: string): boolean {
  if (request.method !== "GET" || pathname.startsWith("/submissions/")) return false;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
  return pageCacheControl(pathname, headers)?.startsWith("public") ?? false;
}

/** Answers from the cache when it can; else lets `render` answer and keeps a copy. */
export async function servePage(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  search: string,
  render: () => Promise<void>,
): Promise<void> {
  if (!cacheable(request, pathname)) return render();
  // Keyed by the normalised path: `/a/../b` and `/b` are one page.
  const key = pathname + search;
  const stamp = await currentStamp();
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now() && hit.stamp === stamp) {
    const nonce = createNonce();
    const headers: OutgoingHttpHeaders = { ...hit.headers };
    headers["content-security-policy"] = String(headers["content-security-policy"]).replaceAll(hit.nonce, nonce);
    const body = hit.body.replaceAll(hit.nonce, nonce);
    headers["content-length"] = String(Buffer.byteLength(body));
    headers["x-page-cache"] = "HIT";
    response.writeHead(hit.status, headers);
    response.end(body);
    return;
  }
  // Rendered uncompressed so the nonce can be found in the copy (the front proxy compresses in deployment).
  delete request.headers["accept-encoding"];
  response.setHeader("x-page-cache", "MISS");
  const chunks: Buffer[] = [];
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array),
    );
  };
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof response.write;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    const headers = response.getHeaders();
    const nonce = nonceOf(headers["content-security-policy"]);
    if (
      response.statusCode === 200 &&
      nonce &&
      !headers["set-cookie"] &&
      !headers["content-encoding"] &&
      String(headers["cache-control"] ?? "").startsWith("public")
    ) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      const { "content-length": _length, date: _date, "x-page-cache": _state, ...rest } = headers;
      cache.set(key, {
        status: 200,
        headers: rest,
        body: Buffer.concat(chunks).toString("utf8"),
        nonce,
        expires: Date.now() + TTL_MS,
        stamp,
      });
    }
    return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as typeof response.end;
  await render();
}
