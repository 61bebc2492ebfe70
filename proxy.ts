import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { pageCacheControl } from "@/lib/server/http/cache-policy";
import { contentSecurityPolicy, createNonce } from "@/lib/server/http/security-headers";

// Every page request gets its own CSP nonce, so script-src needs no 'unsafe-inline'. Next reads the nonce from the
// request's CSP header and puts it on its scripts; our own inline scripts read it from `x-nonce`. A nonce makes
// every page dynamic: the data behind the pages stays cached in the app (lib/server/public-reads/stamp-cache.ts) and
// the front proxy caches the HTML of public pages for anonymous visitors (the Cache-Control set here). A cached page
// repeats its nonce to every visitor of that copy, which is fine: a nonce guards against markup injected into the
// page when it is rendered, and the markup of a cached copy is fixed.
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const csp = contentSecurityPolicy({ nonce, dev: env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  const cacheControl = pageCacheControl(request.nextUrl.pathname, request.headers);
  if (cacheControl) response.headers.set("cache-control", cacheControl);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: API answers, build assets and public files keep the nonce-less CSP of next.config.ts.
      source: "/((?!api/|_next/static|_next/image|schemas/|favicon.ico|icon.svg).*)",
      // Prefetches and client-side navigations fetch RSC payloads, not documents: no script runs from them, and the
      // CSP that counts is the one of the document they are fetched into.
      missing: [
        { type: "header", key: "rsc" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
