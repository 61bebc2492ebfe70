import { spawn } from "node:child_process";

// pg_dump and pg_restore take a libpq connection string: Prisma-only parameters (schema, connection_limit, ...) are
// dropped from DATABASE_URL first, since libpq refuses parameters it does not know.
const PRISMA_ONLY = [
  "schema",
  "connection_limit",
  "pool_timeout",
  "socket_timeout",
  "pgbouncer",
  "statement_cache_size",
];

export function libpqUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  for (const name of PRISMA_ONLY) url.searchParams.delete(name);
  return url.toString();
}

/** Runs a PostgreSQL client tool, its output passed through; rejects with its exit code. */
export function runPgTool(tool: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", (error) =>
      reject(new Error(`${tool} could not be started (${error.message}): install the PostgreSQL client tools`)),
    );
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} exited with code ${code}`))));
  });
}
