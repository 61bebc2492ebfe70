import { existsSync } from "node:fs";
import { requireDatabaseUrl } from "../lib/env";
import { libpqUrl, runPgTool } from "./lib/pg-tools";

// npm run restore -- <file> --yes: replaces the database at DATABASE_URL with a backup of `npm run backup`, in one
// transaction (a failed restore leaves the database as it was). Stop the web app and the worker first; when the worker
// starts again its reconciler queues every job row the backup holds unfinished, so Redis needs nothing restored.
async function main(): Promise<void> {
  const [file, ...flags] = process.argv.slice(2);
  if (!file || !existsSync(file))
    throw new Error("Usage: npm run restore -- <backup file> --yes (the file must exist)");
  if (!flags.includes("--yes"))
    throw new Error(`This replaces every table of the database at DATABASE_URL with ${file}. Add --yes to go on.`);
  await runPgTool("pg_restore", [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    "--exit-on-error",
    `--dbname=${libpqUrl(requireDatabaseUrl())}`,
    file,
  ]);
  console.log(`Restored ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
