import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ApiRoute } from "../../contracts/route-kit";

// Each handler built with handle() names its route's declaration; this checks it names the right one: the route of
// its own file and method, so a copied handler cannot answer for another route's auth and schemas; and that every
// declared route is served that way, so no handler restates a declaration's auth, schemas or status.

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

async function routeLists(): Promise<Map<string, Record<string, ApiRoute>>> {
  const lists = new Map<string, Record<string, ApiRoute>>();
  const dir = path.join(ROOT, "lib", "contracts");
  for (const file of readdirSync(dir).filter((f) => f.endsWith("-routes.ts"))) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (value && typeof value === "object") lists.set(name, value as Record<string, ApiRoute>);
  }
  return lists;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

describe("handle()", () => {
  it("is given, in every route file, the declaration of that file's path and method", async () => {
    const lists = await routeLists();
    const wired: string[] = [];
    const wrong: string[] = [];
    for (const file of routeFiles(path.join(ROOT, "app", "api"))) {
      const urlPath =
        "/" +
        path
          .dirname(path.relative(ROOT, file))
          .replace(/^app\//, "")
          .replace(/\[([^\]]+)\]/g, "{$1}");
      const source = readFileSync(file, "utf8");
      for (const [, method, list, id] of source.matchAll(
        /export const (GET|POST|PUT|PATCH|DELETE) = handle\(\s*(\w+)\.(\w+)/g,
      )) {
        const route = lists.get(list!)?.[id!];
        const at = `${method} ${urlPath}`;
        wired.push(at);
        if (!route) wrong.push(`${at}: ${list}.${id} is not a declared route`);
        else if (route.method !== method!.toLowerCase() || route.path !== urlPath)
          wrong.push(`${at}: ${list}.${id} declares ${route.method.toUpperCase()} ${route.path}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(wired.length).toBeGreaterThan(60);
    const declared = [...lists.values()]
      .flatMap((list) => Object.values(list))
      .filter((route) => typeof route?.method === "string" && typeof route.path === "string")
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(declared.filter((at) => !wired.includes(at))).toEqual([]);
  });
});
