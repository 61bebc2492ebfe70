import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No secret may reach the browser bundle, and every plain Node process (worker, CLI, web server, scripts, tests) must
// load its modules without special resolve conditions. Both are checked on the static import graph (value imports and
// dynamic `import("...")`; `import type` brings no code):
// - no client component reaches, however indirectly, a module that touches the database, Redis, an LLM endpoint or a
//   secret;
// - `import "server-only"` (which throws outside Next's server bundles) sits only on modules no Node process loads,
//   i.e. web-only modules, and every such module that touches I/O carries it, so `next build` also refuses a client
//   component that reaches one (docs/architecture.md, "Server-only modules").
const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "components", "lib", "server", "worker", "cli", "scripts", "tests", "bin"];
// Our own modules that hold a connection, a queue or the parsed secrets.
const IO_MODULES = [
  "lib/db.ts",
  "lib/env.ts",
  "lib/pg-pool.ts",
  "lib/queue/connection.ts",
  "lib/queue/define-queue.ts",
];
// Packages that open connections or carry API keys.
const IO_PACKAGES = ["pg", "ioredis", "bullmq", "openai", "@prisma/adapter-pg", "@prisma/client"];
const MARKER = /^import "server-only";$/m;
// Where plain Node processes start: the worker, the CLI, the web server, every script and test.
const NODE_ENTRY =
  /^(worker\/index\.ts|cli\/index\.ts|server\/server\.ts|bin\/.*\.js|scripts\/.*|tests\/.*|.*\.test\.tsx?)$/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(tsx?|m?js)$/.test(entry.name) ? [full] : [];
  });
}

function importedSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm))
    if (!match[1]) specifiers.push(match[2]!);
  for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

function resolveLocal(fromFile: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(fromFile), specifier)
      : undefined;
  if (!base) return undefined;
  const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
  return found ? path.relative(ROOT, found) : undefined;
}

/** Why a module counts as touching I/O or secrets, or undefined when it does not. */
function ioReason(file: string, source: string): string | undefined {
  if (/\bprocess\.env\.(?!NODE_ENV\b|NEXT_PUBLIC_)/.test(source) || /\bprocess\.env\b(?!\.)/.test(source))
    return "reads process.env";
  for (const specifier of importedSpecifiers(source)) {
    if (IO_PACKAGES.includes(specifier)) return `imports ${specifier}`;
    const local = resolveLocal(file, specifier);
    if (local && IO_MODULES.includes(local)) return `imports ${local}`;
  }
  return undefined;
}

const modules = new Map(
  SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => {
    const source = fs.readFileSync(file, "utf8");
    const rel = path.relative(ROOT, file);
    return [
      rel,
      {
        source,
        deps: importedSpecifiers(source).flatMap((s) => resolveLocal(file, s) ?? []),
        io: ioReason(file, source),
      },
    ] as const;
  }),
);

/** Every module reachable from `entries`, with the chain that first reached it. */
function reachable(entries: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const stack: [string, string[]][] = entries.map((file) => [file, [file]]);
  while (stack.length) {
    const [file, chain] = stack.pop()!;
    if (seen.has(file)) continue;
    seen.set(file, chain);
    for (const dep of modules.get(file)?.deps ?? []) stack.push([dep, [...chain, dep]]);
  }
  return seen;
}

const nodeLoaded = reachable([...modules.keys()].filter((file) => NODE_ENTRY.test(file)));
const clientEntries = [...modules.entries()]
  .filter(([, m]) => /^\s*["']use client["']/.test(m.source))
  .map(([file]) => file);

describe("server-only code and the browser bundle", () => {
  it("finds the modules that touch the database, Redis, LLM endpoints or secrets, and the client components", () => {
    // Guards the scan itself: if the patterns stop matching, the next tests would pass vacuously.
    const touching = [...modules.entries()].filter(([, m]) => m.io).map(([file]) => file);
    expect(touching).toEqual(
      expect.arrayContaining(["lib/db.ts", "lib/env.ts", "lib/queue/scoring-queue.ts", "worker/index.ts"]),
    );
    expect(touching.length).toBeGreaterThan(60);
    expect(clientEntries.length).toBeGreaterThan(10);
    expect(nodeLoaded.has("lib/db.ts") && nodeLoaded.has("lib/env.ts")).toBe(true);
  });

  it("keeps every client component away from modules that touch I/O or secrets", () => {
    const leaks = [...reachable(clientEntries).entries()]
      .filter(([file]) => modules.get(file)?.io)
      .map(([file, chain]) => `${chain.join(" -> ")} (${modules.get(file)!.io})`);
    expect(leaks).toEqual([]);
  });

  it("puts no server-only marker on a module a plain Node process loads (it would throw there)", () => {
    const marked = [...nodeLoaded.entries()]
      .filter(([file]) => MARKER.test(modules.get(file)?.source ?? ""))
      .map(([, chain]) => chain.join(" -> "));
    expect(marked).toEqual([]);
  });

  it("marks every web-only module that touches I/O or secrets, so next build refuses a client component reaching it", () => {
    const unmarked = [...modules.entries()]
      .filter(
        ([file, m]) =>
          m.io && !nodeLoaded.has(file) && !MARKER.test(m.source) && /\.tsx?$/.test(file) && !NODE_ENTRY.test(file),
      )
      .map(([file, m]) => `${file} (${m.io})`);
    expect(unmarked).toEqual([]);
  });

  it("needs no special resolve condition in any launcher", () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    expect(
      Object.entries(scripts)
        .filter(([, command]) => command.includes("--conditions"))
        .map(([name]) => name),
    ).toEqual([]);
    const launchers = [...modules.keys(), "vitest.config.ts"].filter((file) =>
      fs.readFileSync(path.join(ROOT, file), "utf8").includes("--conditions="),
    );
    expect(launchers.filter((file) => file !== "lib/server-only-markers.test.ts")).toEqual([]);
  });

  it("recognises value imports, dynamic imports and secrets in process.env, but not type-only imports or NODE_ENV", () => {
    const file = path.join(ROOT, "lib/server/example.ts");
    expect(ioReason(file, 'import { db } from "../db";')).toBe("imports lib/db.ts");
    expect(ioReason(file, 'const { db } = await import("@/lib/db");')).toBe("imports lib/db.ts");
    expect(ioReason(file, 'import { Queue } from "bullmq";')).toBe("imports bullmq");
    expect(ioReason(file, "const key = process.env.SECRET;")).toBe("reads process.env");
    expect(ioReason(file, "const all = { ...process.env };")).toBe("reads process.env");
    expect(ioReason(file, 'const dev = process.env.NODE_ENV !== "production";')).toBeUndefined();
    expect(ioReason(file, 'import type { Env } from "../env";')).toBeUndefined();
    expect(ioReason(file, 'import { z } from "zod";')).toBeUndefined();
  });
});
