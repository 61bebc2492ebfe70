// Who may cache what. Public pages and public API reads are the same for every anonymous visitor, so the front
// proxy (deploy/nginx) may keep them for a short while and serve repeats without asking the app; it honours these
// Cache-Control values. Anything a signed-in viewer or an API token holder gets is private: the proxy never stores it
// (it also bypasses its cache for such requests on its own, so a mistake here cannot leak one viewer's page to another).

// Pages: s-maxage matches the 30 s the leaderboard HTML was regenerated at before it became dynamic (nonces, see
// proxy.ts); stale-while-revalidate lets the proxy answer from its copy while one request refreshes it. max-age=0
// keeps browsers asking, so a visitor never sits on an old page of their own.
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=300";
// API reads: shorter, since the leaderboard page asks the API whether its numbers are current (ETag).
export const PUBLIC_READ_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

// Both names next-auth may give the session cookie (lib/server/auth/config.ts: `__Secure-` when NEXTAUTH_URL is https).
// The nginx config (deploy/nginx) matches the same names.
export const SESSION_COOKIE_NAMES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;

/**
 * Whether a request may carry a viewer: a session cookie (valid or not: only the app can tell, and a stale cookie
 * costs nothing but a cache miss) or an Authorization header.
 */
export function carriesCredentials(headers: Headers): boolean {
  if (headers.has("authorization")) return true;
  const cookie = headers.get("cookie");
  if (!cookie) return false;
  return cookie.split(";").some((part) => {
    const name = part.slice(0, part.indexOf("=")).trim();
    // next-auth splits a cookie over 4 KB into `<name>.0`, `<name>.1`, ...
    return SESSION_COOKIE_NAMES.some((n) => name === n || name.startsWith(`${n}.`));
  });
}

/** Cache-Control of a public API read: shared-cacheable for anonymous callers, private otherwise. */
export function publicReadCacheControl(request: Request): string {
  return carriesCredentials(request.headers) ? PRIVATE_CACHE_CONTROL : PUBLIC_READ_CACHE_CONTROL;
}

// The public pages: the same HTML for every anonymous visitor (the user menu is filled in by the browser). A
// submission page shows unapproved submissions to their owner and staff only, so it is public for anonymous
// visitors alone, which is the only case this is used for.
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/leaderboard\/[^/]+\/[^/]+$/,
  /^\/repositories(\/.*)?$/,
  /^\/bug-types$/,
  /^\/method$/,
  /^\/submit$/,
  /^\/docs\/api$/,
  /^\/submissions\/[^/]+$/,
];

/**
 * Cache-Control for a page request, or null to keep Next's own (private, no-store for dynamic pages). Only full HTML
 * documents of public pages for anonymous visitors are shared; the RSC payloads of client navigations vary with
 * router headers and keep Next's.
 */
export function pageCacheControl(pathname: string, headers: Headers): string | null {
  if (headers.has("rsc") || headers.has("next-router-prefetch")) return null;
  if (!PUBLIC_PAGES.some((p) => p.test(pathname))) return null;
  return carriesCredentials(headers) ? PRIVATE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL;
}
