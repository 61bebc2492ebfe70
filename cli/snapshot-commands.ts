import { type Command } from "commander";
import { z } from "zod";
import { parseFlags } from "./api-session";
import { formatPlan } from "./format-plan";

// `probebench plan` (no database: prints the pass plan of a tree) and `probebench snapshot import` (stores a
// repository snapshot and its plan in SNAPSHOT_STORE and the database named by DATABASE_URL).

const importFlagsSchema = z.object({
  "--benchmark": z.string().regex(/^[a-z0-9][a-z0-9-]*@[^\s@]+$/, "must be slug@version"),
  "--repo": z.string().regex(/^[^\s/]+\/[^\s/]+$/, "must be owner/name"),
  "--image": z.string().trim().min(1).max(300).optional(),
  "--admin": z.email("must be an admin's email address").optional(),
  "--reason": z.string().trim().min(3, "must say why (at least 3 characters)").max(1_000).optional(),
});

// --replace takes the admin who answers for it and a reason, both kept in the audit log.
const replaceFlagsSchema = importFlagsSchema.required({ "--admin": true, "--reason": true });

export function addSnapshotCommands(
  program: Command,
  closeDb: () => Promise<void>,
  useOperatorDatabase: () => void,
): void {
  program
    .command("plan <source>")
    .description("print the deterministic pass plan of a repository (a directory, .tar or .tar.gz), without a database")
    .option("--json", "print the plan as JSON (byte-identical for the same files on any machine)")
    .action(async (source: string, opts: { json?: boolean }) => {
      const { readSourceTree } = await import("../lib/snapshots/read-source-tree");
      const { planSourceTree } = await import("../lib/planner/plan-source-tree");
      const tree = await readSourceTree(source);
      const plan = await planSourceTree(tree.entries.flatMap((e) => (e.type === "file" ? [e] : [])));
      process.stdout.write(opts.json ? `${JSON.stringify(plan, null, 2)}\n` : `${formatPlan(plan)}\n`);
    });

  program
    .command("snapshot")
    .description("repository snapshots")
    .command("import <source>")
    .description(
      "store a benchmark repository's snapshot (directory, .tar or .tar.gz; history removed) and its pass plan",
    )
    .requiredOption("--benchmark <slug@version>", "the benchmark version")
    .requiredOption("--repo <owner/name>", "the repository, as named in the benchmark file")
    .option("--image <name>", "the Docker image with the snapshot's pinned dependencies")
    .option(
      "--replace",
      "replace the repository's stored snapshot when it can no longer be extracted (needs --admin and --reason; audit-logged)",
    )
    .option("--admin <email>", "with --replace: the admin who replaces the snapshot")
    .option("--reason <text>", "with --replace: why, for the audit log")
    .action(
      async (
        source: string,
        opts: { benchmark: string; repo: string; image?: string; replace?: boolean; admin?: string; reason?: string },
      ) => {
        const flags = parseFlags(opts.replace ? replaceFlagsSchema : importFlagsSchema, {
          "--benchmark": opts.benchmark,
          "--repo": opts.repo,
          "--image": opts.image,
          "--admin": opts.admin,
          "--reason": opts.reason,
        });
        useOperatorDatabase();
        const { importSnapshot } = await import("../lib/server/snapshots/import-snapshot");
        const result = await importSnapshot({
          benchmark: flags["--benchmark"],
          repo: flags["--repo"],
          source,
          image: flags["--image"],
          replace: opts.replace ? { adminEmail: flags["--admin"]!, reason: flags["--reason"]! } : undefined,
        });
        const languages = Object.entries(result.languages)
          .map(([l, lines]) => `${l} ${lines.toLocaleString("en-US")}`)
          .join(", ");
        const status = { created: "Imported", replaced: "Replaced", unchanged: "Unchanged (identical content)" };
        console.log(
          `${status[result.status]}: ${opts.repo} in ${opts.benchmark}, sha256 ${result.sha256}, ` +
            `${result.files} files, ${result.lines.toLocaleString("en-US")} source lines (${languages || "none"}); ` +
            `plan: ${result.auditedFiles} audited files in ${result.passes} passes` +
            (result.removedHistoryEntries > 0
              ? `; revision history removed (${result.removedHistoryEntries} entries)`
              : ""),
        );
        await closeDb();
      },
    );
}
