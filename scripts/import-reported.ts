// `npm run import-reported -- [file]`: imports published results (default data/probe-reported.json) as
// reported leaderboard entries into DATABASE_URL. Safe to run again: an unchanged file changes nothing.
import path from "node:path";
import { disconnectDb } from "../lib/db";
import { closeQueues } from "../lib/queue/queues";
import { importReportedResults } from "../lib/server/reported/import-reported";
import { ROOT } from "./lib/processes";

async function main(): Promise<void> {
  const file = path.resolve(process.argv[2] ?? path.join(ROOT, "data", "probe-reported.json"));
  const summary = await importReportedResults(file);
  console.log(
    `Imported ${path.relative(ROOT, file)} into ${summary.benchmark}: ${summary.created} created, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.removed} removed`,
  );
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  // The import queued the version's datasheet in the worker.
  .finally(() => Promise.all([disconnectDb(), closeQueues()]));
