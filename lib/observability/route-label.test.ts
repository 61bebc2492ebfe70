import { describe, expect, it } from "vitest";
import { compileRoutes, methodLabel, routeLabel } from "./route-label";

const routes = compileRoutes([
  "app/(public)/page.tsx",
  "app/(public)/s/[id]/page.tsx",
  "app/api/v1/submissions/route.ts",
  "app/api/v1/submissions/[id]/route.ts",
  "app/api/v1/submissions/[id]/withdraw/route.ts",
  "app/api/v1/submissions/[id]/pairs/[finding_id]/[reference_bug_id]/route.ts",
  "app/api/auth/[...nextauth]/route.ts",
  "app/api/metrics/route.ts",
  "app/layout.tsx",
  "app/(public)/s/[id]/load.ts",
]);

describe("routeLabel", () => {
  it("names a path by the app route it belongs to, dropping route groups", () => {
    expect(routeLabel(routes, "/")).toBe("/");
    expect(routeLabel(routes, "/s/cm123abc")).toBe("/s/[id]");
    expect(routeLabel(routes, "/api/v1/submissions")).toBe("/api/v1/submissions");
    expect(routeLabel(routes, "/api/v1/submissions/abc")).toBe("/api/v1/submissions/[id]");
    expect(routeLabel(routes, "/api/v1/submissions/abc/withdraw")).toBe("/api/v1/submissions/[id]/withdraw");
    expect(routeLabel(routes, "/api/v1/submissions/a/pairs/f1/r2")).toBe(
      "/api/v1/submissions/[id]/pairs/[finding_id]/[reference_bug_id]",
    );
    expect(routeLabel(routes, "/api/auth/callback/github")).toBe("/api/auth/[...nextauth]");
  });

  it("prefers a static segment to a dynamic one and keeps unknown paths and assets to two labels", () => {
    expect(routeLabel(compileRoutes(["app/a/[x]/page.tsx", "app/a/new/page.tsx"]), "/a/new")).toBe("/a/new");
    expect(routeLabel(routes, "/wp-login.php")).toBe("(other)");
    expect(routeLabel(routes, "/api/v1/submissions/a/b/c")).toBe("(other)");
    expect(routeLabel(routes, "/_next/static/chunks/x.js")).toBe("/_next");
    expect(routeLabel(routes, "/api/auth")).toBe("(other)");
  });
});

describe("methodLabel", () => {
  it("keeps the methods the app answers and labels every other one `other`", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(methodLabel(method)).toBe(method);
    for (const method of ["PROPFIND", "MKCOL", "PURGE", "TRACE", "CONNECT", "X-EVIL-1", ""])
      expect(methodLabel(method)).toBe("other");
    expect(methodLabel(undefined)).toBe("GET");
  });
});
