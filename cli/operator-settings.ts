import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";

// Operator commands (benchmark import, user and token commands, snapshot import) talk to the database directly. They
// find it as the web app does: the environment, else a `.env` file (the working directory's, then the checkout's),
// else the database `npm run demo` runs for itself (scripts/lib/local-services.ts) when this checkout has one. Only
// variables that are unset are filled in, so an explicit DATABASE_URL always wins.

export const DEMO_PG_PORT = 54329;
export const DEMO_REDIS_PORT = 56379;
export const DEMO_DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${DEMO_PG_PORT}/probebench`;

const CHECKOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the settings came from, for one line on stderr; null when the environment had them already. */
export function loadOperatorSettings(cwd: string, environment: Record<string, string | undefined>): string | null {
  const unset = (name: string) => !environment[name]?.trim();
  if (!unset("DATABASE_URL")) return null;
  for (const file of new Set([path.join(cwd, ".env"), path.join(CHECKOUT, ".env")])) {
    if (!existsSync(file)) continue;
    const values = parseEnv(readFileSync(file, "utf8"));
    for (const [name, value] of Object.entries(values)) if (unset(name)) environment[name] = value;
    if (!unset("DATABASE_URL")) return `Using DATABASE_URL from ${file}`;
  }
  if (existsSync(path.join(CHECKOUT, ".data", "pg", "PG_VERSION"))) {
    environment.DATABASE_URL = DEMO_DATABASE_URL;
    if (unset("REDIS_URL")) environment.REDIS_URL = `redis://127.0.0.1:${DEMO_REDIS_PORT}`;
    return `Using the demo's database (.data/pg on 127.0.0.1:${DEMO_PG_PORT}; start it with \`npm run demo\`)`;
  }
  return null;
}

/**
 * The server's settings for a command that checks them (`llm check`): variables unset here are filled in from the
 * `.env` files the web app and worker would read (the working directory's, then the checkout's). Returns the files read.
 */
export function loadServerSettings(cwd: string, environment: Record<string, string | undefined>): string[] {
  const read: string[] = [];
  for (const file of new Set([path.join(cwd, ".env"), path.join(CHECKOUT, ".env")])) {
    if (!existsSync(file)) continue;
    read.push(file);
    const values = parseEnv(readFileSync(file, "utf8"));
    for (const [name, value] of Object.entries(values)) if (!environment[name]?.trim()) environment[name] = value;
  }
  return read;
}
