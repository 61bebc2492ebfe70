import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { z } from "zod";
import {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  DEFAULT_TOKEN_SCOPES,
  MAX_TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPES,
  TOKEN_SCOPE_LABELS,
  expiryDaysTextSchema,
  formatTokenExpiry,
  scopeListSchema,
} from "../lib/validation/api-token";
import { apiOptions, apiSession, parseFlags, requireToken, type ApiFlags } from "./api-session";
import { describeCliError, formatCliError } from "./exit-codes";
import { readLocalFile } from "./local-files";
import { addLlmCommands } from "./llm-commands";
import { addLoginCommands } from "./login-commands";
import { loadOperatorSettings } from "./operator-settings";
import { addSnapshotCommands } from "./snapshot-commands";
import { addSubmissionCommands } from "./submission-commands";

// `npx probebench <command>`. Operator commands (benchmark import, user and token commands, snapshot import) talk to
// the database (DATABASE_URL, else `.env`, else the demo's: cli/operator-settings.ts); the others talk to the
// server's HTTP API. Failures exit with the codes of cli/exit-codes.ts, and under --json print JSON on stdout.
const jsonOutput = process.argv.includes("--json");
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

const program = new Command();
program
  .name("probebench")
  .description("probebench command line: import benchmarks, manage users and tokens, submit findings")
  .version(version, "-V, --version")
  // Errors (commander's own included) are printed once, by the handler at the end, as text or JSON.
  .exitOverride()
  .configureOutput({ outputError: () => undefined });

let databaseUsed = false;

/** Finds the database for an operator command before anything reads the environment; says where from. */
function useOperatorDatabase(): void {
  databaseUsed = true;
  const source = loadOperatorSettings(process.cwd(), process.env);
  if (source) console.error(source);
}

/** Closes the database and the queue producers (imports queue the datasheet's computation in the worker). */
async function closeDb(): Promise<void> {
  if (!databaseUsed) return;
  const { disconnectDb } = await import("../lib/db");
  const { closeQueues } = await import("../lib/queue/queues");
  await disconnectDb();
  await closeQueues();
}

const benchmark = program.command("benchmark").description("benchmark versions");
benchmark
  .command("import <file>")
  .description("import a benchmark file (repositories and reference bugs) into the database")
  .action(async (file: string) => {
    useOperatorDatabase();
    const { importBenchmark } = await import("../lib/server/benchmarks/import-benchmark");
    const { parseBenchmarkText } = await import("../lib/validation/benchmark-file");
    const parsed = parseBenchmarkText(readLocalFile(file));
    const result = await importBenchmark(parsed);
    console.log(
      `Imported ${result.slug}@${result.version}: ${result.repositories} repositories, ${result.reference_bugs} reference bugs`,
    );
    await closeDb();
  });
apiOptions(
  benchmark
    .command("fix-dates <benchmark> <file>")
    .description(
      "add fix dates, fix commits and the reference window's commit counts to a version imported without them (admin token; §C.4 contamination test, §A.3 datasheet)",
    ),
).action(async (ref: string, file: string, opts: ApiFlags) => {
  const session = apiSession(opts);
  requireToken(session, "An admin's API token");
  const result = await session.client.importFixDates(ref, readLocalFile(file));
  if (opts.json) return console.log(JSON.stringify(result, null, 2));
  console.log(
    `Dated ${result.dated} of ${result.reference_bugs} reference bugs of ${result.benchmark} and stored ${result.fix_commits} fix commits; the worker now recomputes the version's fix-rank tests and its datasheet`,
  );
});
apiOptions(benchmark.command("list").description("list benchmark versions on the server")).action(
  async (opts: ApiFlags) => {
    const body = await apiSession(opts).client.benchmarks();
    if (opts.json) return console.log(JSON.stringify(body, null, 2));
    for (const b of body.benchmarks)
      console.log(
        `${b.slug}@${b.version}  ${b.name}  ${b.repositories.length} repositories, ${b.reference_bugs} reference bugs`,
      );
  },
);

program
  .command("user")
  .description("users")
  .command("create")
  .description("create a user (operators: the first admin comes from here)")
  .requiredOption("--email <email>", "email address")
  .addOption(new Option("--role <role>", "role").choices(["user", "maintainer", "admin"]).default("user"))
  .option("--name <name>", "display name")
  .addOption(new Option("--password <password>", "password for email sign-in").env("PROBEBENCH_PASSWORD"))
  .action(async (opts: { email: string; role: "user" | "maintainer" | "admin"; name?: string; password?: string }) => {
    useOperatorDatabase();
    const { createUser } = await import("../lib/server/users/create-user");
    const user = await createUser(opts);
    console.log(`Created ${user.role} ${user.email} (${user.id})`);
    await closeDb();
  });

program
  .command("token")
  .description("API tokens")
  .command("create")
  .description(
    "create an API token for a user; prints the token alone on stdout, once (its scopes and expiry on stderr)",
  )
  .requiredOption("--email <email>", "the user's email")
  .option("--name <name>", "a label for the token", "cli")
  .option(
    "--scopes <list>",
    `comma-separated: ${TOKEN_SCOPES.map((s) => `${s} (${TOKEN_SCOPE_LABELS[s]})`).join(", ")}`,
    DEFAULT_TOKEN_SCOPES.join(","),
  )
  .option(
    "--expires-days <n>",
    `days until the token expires, 1..${MAX_TOKEN_EXPIRY_DAYS}`,
    String(DEFAULT_TOKEN_EXPIRY_DAYS),
  )
  .action(async (opts: { email: string; name: string; scopes: string; expiresDays: string }) => {
    // Flags are checked before the database is touched, and named as typed in the error.
    const flags = parseFlags(z.object({ "--scopes": scopeListSchema, "--expires-days": expiryDaysTextSchema }), {
      "--scopes": opts.scopes,
      "--expires-days": opts.expiresDays,
    });
    useOperatorDatabase();
    const { createApiToken } = await import("../lib/server/tokens/api-tokens");
    const created = await createApiToken(opts.email, {
      name: opts.name,
      scopes: flags["--scopes"],
      expires_days: flags["--expires-days"],
    });
    process.stdout.write(`${created.token}\n`);
    console.error(
      `Token "${created.name}" for ${opts.email}: scopes ${created.scopes.join(", ")}; expires ${formatTokenExpiry(new Date(created.expires_at))}`,
    );
    await closeDb();
  });

// Operator recovery for accounts (added with sign-in): set a role or a password directly in the database.
const userCommand = program.commands.find((c) => c.name() === "user")!;
userCommand
  .command("set-role")
  .description("change a user's role (audit-logged), e.g. to restore an admin")
  .requiredOption("--email <email>", "the user's email")
  .addOption(new Option("--role <role>", "new role").choices(["user", "maintainer", "admin"]).makeOptionMandatory())
  .action(async (opts: { email: string; role: string }) => {
    useOperatorDatabase();
    const { setUserRole } = await import("../lib/server/users/operator-commands");
    const result = await setUserRole(opts.email, opts.role);
    console.log(`${result.email}: ${result.from} -> ${result.to}`);
    await closeDb();
  });
userCommand
  .command("set-password")
  .description(
    "set a user's password for email sign-in, sign them out everywhere and revoke their API tokens (audit-logged)",
  )
  .requiredOption("--email <email>", "the user's email")
  .addOption(new Option("--password <password>", "the new password").env("PROBEBENCH_PASSWORD").makeOptionMandatory())
  .action(async (opts: { email: string; password: string }) => {
    useOperatorDatabase();
    const { setUserPassword } = await import("../lib/server/users/operator-commands");
    const result = await setUserPassword(opts.email, opts.password);
    console.log(
      `Password set for ${result.email}; ${result.revokedSessions} session(s) signed out, ${result.revokedTokens} API token(s) revoked`,
    );
    await closeDb();
  });

addSubmissionCommands(program);
addLoginCommands(program);
addSnapshotCommands(program, closeDb, useOperatorDatabase);
addLlmCommands(program);

program.parseAsync(process.argv).catch(async (error: unknown) => {
  await closeDb().catch(() => undefined);
  const report = describeCliError(error);
  if (!report) return; // --help, --version
  if (jsonOutput) console.log(JSON.stringify(report, null, 2));
  else console.error(formatCliError(report));
  process.exitCode = report.error.exit_code;
});
