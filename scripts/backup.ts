import { mkdirSync } from "node:fs";
import path from "node:path";
import { requireDatabaseUrl } from "../lib/env";
import { libpqUrl, runPgTool } from "./lib/pg-tools";

// npm run backup [-- <file>]: the whole database (DATABASE_URL) in pg_dump's custom format, by default to
// backups/probebench-<UTC time>.dump. Postgres holds everything: Redis holds only the queue, and a restored database's
// unfinished job rows are queued again by the worker's reconciler (docs/operating.md#backup-and-restore).
async function main(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(process.argv[2] ?? path.join("backups", `probebench-${stamp}.dump`));
  mkdirSync(path.dirname(file), { recursive: true });
  await runPgTool("pg_dump", [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    `--file=${file}`,
    libpqUrl(requireDatabaseUrl()),
  ]);
  console.log(`Backup written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
