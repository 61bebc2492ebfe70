import { describe, expect, inject, it } from "vitest";

// Defence-in-depth headers on pages, API answers and errors alike (next.config.ts, proxy.ts).
const webUrl = inject("webUrl");

describe("security headers", () => {
  it("sends the CSP, anti-framing, nosniff, referrer and permissions policies on every kind of response", async () => {
    for (const path of [
      "/",
      "/sign-in",
      "/api/v1/leaderboard",
      "/api/v1/submissions/does-not-exist",
      "/no-such-page",
    ]) {
      const response = await fetch(`${webUrl}${path}`, { redirect: "manual" });
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).not.toContain("unsafe-eval");
      expect(
        csp.split("; ").find((d) => d.startsWith("script-src")),
        path,
      ).not.toContain("unsafe-inline");
      expect(response.headers.get("content-security-policy"), path).not.toContain(","); // one policy, not two merged
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(response.headers.get("x-powered-by"), path).toBeNull();
    }
  });
});
