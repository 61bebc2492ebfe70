import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every product module that touches the database, Redis, an LLM endpoint or a secret carries `import "server-only"`,
// so a client component that reaches it (directly or through other modules) fails `next build` instead of shipping
// it to the browser. Plain Node processes (worker, CLI, scripts, tests) resolve the marker with the react-server
// condition (README, "Server-only modules"). Scripts and tests are entry points Next never bundles, so they are not listed.
const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "lib", "web", "worker", "cli"];
// Our own modules that hold a connection, a queue or the parsed secrets.
const IO_MODULES = ["lib/db.ts", "lib/env.ts", "lib/pg-pool.ts", "lib/queue/connection.ts", "lib/queue/queues.ts", "lib/queue/audit-queue.ts"];
// Packages that open connections or carry API keys.
const IO_PACKAGES = ["pg", "ioredis", "bullmq", "openai", "@prisma/adapter-pg", "@prisma/client"];
const MARKER = /^import "server-only";$/m;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Value imports only: `import type` and `export type` bring no code along. Dynamic `import()` counts.
function importedSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?"([^"]+)"/gm)) if (!match[1]) specifiers.push(match[2]!);
  for (const match of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

function resolveLocal(fromFile: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(fromFile), specifier) : undefined;
  if (!base) return undefined;
  const found = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  return found ? path.relative(ROOT, found) : undefined;
}

/** Why a module counts as touching I/O or secrets, or undefined when it does not. */
function ioReason(file: string, source: string): string | undefined {
  if (/\bprocess\.env\b/.test(source)) return "reads process.env";
  for (const specifier of importedSpecifiers(source)) {
    if (IO_PACKAGES.includes(specifier)) return `imports ${specifier}`;
    const local = resolveLocal(file, specifier);
    if (local && IO_MODULES.includes(local)) return `imports ${local}`;
  }
  return undefined;
}

const modules = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => ({
  file: path.relative(ROOT, file),
  source: fs.readFileSync(file, "utf8"),
}));
const touching = modules.flatMap(({ file, source }) => {
  const reason = ioReason(path.join(ROOT, file), source);
  return reason ? [{ file, reason, marked: MARKER.test(source) }] : [];
});

describe('import "server-only"', () => {
  it("finds the modules that touch the database, Redis, LLM endpoints or secrets", () => {
    // Guards the scan itself: if the patterns stop matching, the next test would pass vacuously.
    expect(touching.map((t) => t.file)).toEqual(expect.arrayContaining(["lib/db.ts", "lib/env.ts", "lib/queue/queues.ts", "worker/index.ts"]));
    expect(touching.length).toBeGreaterThan(60);
  });

  it("is the first import of every such module", () => {
    const unmarked = touching.filter((t) => !t.marked).map((t) => `${t.file} (${t.reason})`);
    expect(unmarked).toEqual([]);
  });

  it("is in every module that holds a connection, a queue or the parsed secrets", () => {
    const unmarked = IO_MODULES.filter((file) => !MARKER.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(unmarked).toEqual([]);
  });

  it("is not in client components, which Next would refuse to build", () => {
    const clientAndMarked = modules.filter(({ source }) => /^\s*"use client"/.test(source) && MARKER.test(source)).map((m) => m.file);
    expect(clientAndMarked).toEqual([]);
  });

  it("is resolvable by every launcher: package scripts and spawned processes pass the react-server condition", () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    const withoutCondition = Object.entries(scripts).filter(([, command]) => /\btsx\b/.test(command) && !command.includes("--conditions=react-server")).map(([name]) => name);
    expect(withoutCondition).toEqual([]);
    // Spawned TypeScript processes take their arguments from TSX_NODE_ARGS (scripts/lib/processes.ts).
    const spawners = ["scripts", "tests/support"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    const bareTsx = spawners.filter((file) => !file.endsWith("processes.ts") && /"--import",\s*"tsx"/.test(fs.readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file));
    expect(bareTsx).toEqual([]);
  });

  it("recognises value imports, dynamic imports and process.env, but not type-only imports", () => {
    const file = path.join(ROOT, "lib/server/example.ts");
    expect(ioReason(file, 'import { db } from "../db";')).toBe("imports lib/db.ts");
    expect(ioReason(file, 'const { db } = await import("@/lib/db");')).toBe("imports lib/db.ts");
    expect(ioReason(file, 'import { Queue } from "bullmq";')).toBe("imports bullmq");
    expect(ioReason(file, "const key = process.env.SECRET;")).toBe("reads process.env");
    expect(ioReason(file, 'import type { Env } from "../env";')).toBeUndefined();
    expect(ioReason(file, 'import { z } from "zod";')).toBeUndefined();
  });
});
