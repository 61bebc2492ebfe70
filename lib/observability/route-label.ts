// The `route` label of HTTP metrics: the app's route pattern a path belongs to (`/api/v1/submissions/[id]`), never the
// path itself, so the label's values are bounded by the routes the app has. Patterns come from the files under app/
// (page.tsx and route.ts; route groups `(name)` dropped); a path no route matches is "(other)", Next's assets
// "/_next".
export type RoutePattern = { label: string; segments: string[] };

/** Route patterns from app/ file paths such as `app/(public)/s/[id]/page.tsx`, most specific first. */
export function compileRoutes(files: string[]): RoutePattern[] {
  const routes = new Map<string, RoutePattern>();
  for (const file of files) {
    const match = /^app\/(?:(.*)\/)?(?:page\.tsx|route\.ts)$/.exec(file);
    if (!match) continue;
    const segments = (match[1] ?? "").split("/").filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@"));
    const label = `/${segments.join("/")}`;
    routes.set(label, { label, segments });
  }
  // Static segments beat dynamic ones, which beat catch-alls, position by position.
  const rank = (s: string) => (s.startsWith("[[...") || s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0);
  return [...routes.values()].sort((a, b) => {
    for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
      const d = rank(a.segments[i]!) - rank(b.segments[i]!);
      if (d) return d;
    }
    return b.segments.length - a.segments.length;
  });
}

function matches(route: RoutePattern, parts: string[]): boolean {
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.startsWith("[[...")) return true;
    if (segment.startsWith("[...")) return parts.length > i;
    if (i >= parts.length) return false;
    if (!segment.startsWith("[") && segment !== parts[i]) return false;
  }
  return parts.length === route.segments.length;
}

export function routeLabel(routes: RoutePattern[], pathname: string): string {
  if (pathname.startsWith("/_next/") || pathname === "/__nextjs_original-stack-frame") return "/_next";
  const parts = pathname.split("/").filter(Boolean);
  return routes.find((route) => matches(route, parts))?.label ?? "(other)";
}

// The `method` label: the methods the app answers, and "other" for the rest (PROPFIND, MKCOL, PURGE, made-up ones),
// so a client cannot grow the label's values.
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function methodLabel(method: string | undefined): string {
  const upper = (method ?? "GET").toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : "other";
}
