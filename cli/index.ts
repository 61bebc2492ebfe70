import { readFileSync, statSync } from "node:fs";
import { Command, Option } from "commander";
import { z } from "zod";
import { AppError, parseOrThrow } from "../lib/errors";
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
import { ApiError, createApiClient } from "../lib/api-client";
import type { SubmissionStatusBody } from "../lib/contracts/submissions";
import { formatScores } from "./format";
import { addSnapshotCommands } from "./snapshot-commands";

/** The API client with the CLI's own advice when the server cannot be reached. */
function cliClient(url: string, token?: string) {
  const root = url.replace(/\/+$/, "");
  return createApiClient({
    baseUrl: root,
    token,
    unreachable: `Cannot reach the probebench server at ${root}; is it running? (set --url or PROBEBENCH_URL)`,
  });
}

// `npx probebench <command>`. Operator commands (benchmark import, user create, token create) talk to the database
// named by DATABASE_URL; submit and status talk to the server's HTTP API with a token.
const program = new Command();
program
  .name("probebench")
  .description("probebench command line: import benchmarks, manage users and tokens, submit findings");

function apiOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("--url <url>", "server URL").env("PROBEBENCH_URL").default("http://localhost:3000"))
    .addOption(new Option("--token <token>", "API token").env("PROBEBENCH_TOKEN"));
}

/** Closes the database and the queue producers (imports queue the datasheet's computation in the worker). */
async function closeDb(): Promise<void> {
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
    const { importBenchmark } = await import("../lib/server/benchmarks/import-benchmark");
    const { parseBenchmarkText } = await import("../lib/validation/benchmark-file");
    const parsed = parseBenchmarkText(readFileSync(file, "utf8"));
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
).action(async (ref: string, file: string, opts: { url: string; token?: string }) => {
  if (!opts.token) throw new ApiError(401, "An admin API token is required: pass --token or set PROBEBENCH_TOKEN");
  const result = await cliClient(opts.url, opts.token).importFixDates(ref, readFileSync(file, "utf8"));
  console.log(
    `Dated ${result.dated} of ${result.reference_bugs} reference bugs of ${result.benchmark} and stored ${result.fix_commits} fix commits; the worker now recomputes the version's fix-rank tests and its datasheet`,
  );
});
apiOptions(benchmark.command("list").description("list benchmark versions on the server")).action(
  async (opts: { url: string }) => {
    const body = await cliClient(opts.url).benchmarks();
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
    const flags = parseOrThrow(
      z.object({ "--scopes": scopeListSchema, "--expires-days": expiryDaysTextSchema }),
      { "--scopes": opts.scopes, "--expires-days": opts.expiresDays },
      "The command line",
    );
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
    const { setUserPassword } = await import("../lib/server/users/operator-commands");
    const result = await setUserPassword(opts.email, opts.password);
    console.log(
      `Password set for ${result.email}; ${result.revokedSessions} session(s) signed out, ${result.revokedTokens} API token(s) revoked`,
    );
    await closeDb();
  });

type StatusBody = SubmissionStatusBody;

/** Checks a findings file with the server's own schema before anything is sent; throws with every bad JSON path. */
async function checkFindingsFile(file: string): Promise<{ text: string; summary: string }> {
  const text = readFileSync(file, "utf8");
  const { parseFindingsText, runsOf } = await import("../lib/validation/findings-file");
  const parsed = parseFindingsText(text);
  const runs = runsOf(parsed);
  const findings = runs.reduce((n, r) => n + r.findings.length, 0);
  return {
    text,
    summary: `${findings} findings in ${runs.length} run(s) for ${parsed.benchmark}, model ${parsed.model}`,
  };
}

/** A SARIF log converted locally as the server will (without the repositories' file lists); a summary. */
async function checkSarifConversion(text: string, opts: SarifFlags): Promise<string> {
  const { parseSarifText } = await import("../lib/validation/sarif");
  const { runsOf } = await import("../lib/validation/findings-file");
  const converted = parseSarifText(text, {
    benchmark: opts.benchmark ?? "(benchmark)",
    // Without --repo the server decides each result's repository (from its files); here any name will do.
    repo: opts.repo ?? "(decided-on-upload)/(repository)",
    source_root: opts.sourceRoot,
  });
  const findings = runsOf(converted.file).reduce((n, r) => n + r.findings.length, 0);
  return `SARIF log: ${findings} results become findings, ${converted.skippedWithoutLocation} without a location are skipped`;
}

type SarifFlags = { benchmark?: string; repo?: string; sourceRoot?: string };

/** Whether a file is a SARIF log: by its name (.sarif) or by its content (a `.json` written by an analyser). */
async function isSarifFile(file: string, text: string): Promise<boolean> {
  const { looksLikeSarifText } = await import("../lib/validation/sarif");
  return /\.sarif(\.json)?$/i.test(file) || looksLikeSarifText(text);
}

program
  .command("validate <file>")
  .description(
    "check a findings file or a SARIF log locally, without uploading (the server also checks benchmark and repository names)",
  )
  .option("--benchmark <slug@version>", "SARIF: the benchmark version")
  .option("--repo <owner/name>", "SARIF: the repository of runs that name none")
  .option("--source-root <dir>", "SARIF: the directory the analyser ran in (absolute paths are made relative to it)")
  .action(async (file: string, opts: SarifFlags) => {
    const text = readFileSync(file, "utf8");
    const summary = (await isSarifFile(file, text))
      ? await checkSarifConversion(text, opts)
      : (await checkFindingsFile(file)).summary;
    console.log(`OK: ${summary}. Benchmark and repository names are checked by the server on upload.`);
  });

type SubmitOptions = {
  url: string;
  token?: string;
  wait?: boolean;
  json?: boolean;
  benchmark?: string;
  model?: string;
  harness?: string;
  repo?: string;
  sourceRoot?: string;
};

/** A SARIF log checked locally (its shape and the flags it needs), as the server will; the text to send. */
async function checkSarifFile(file: string, opts: SubmitOptions): Promise<string> {
  const text = readFileSync(file, "utf8");
  const { SARIF_SHAPE, sarifLogSchema } = await import("../lib/validation/sarif");
  const { sarifUploadQuerySchema } = await import("../lib/validation/sarif-query");
  const { parseJsonText } = await import("../lib/validation/parse-json");
  parseOrThrow(sarifLogSchema, parseJsonText(text, "The SARIF log", SARIF_SHAPE), "The SARIF log");
  const flags = parseOrThrow(
    z.object({ "--benchmark": z.string().min(1, "is required for a SARIF file (slug@version)") }),
    { "--benchmark": opts.benchmark ?? "" },
    "The command line",
  );
  parseOrThrow(
    sarifUploadQuerySchema,
    {
      benchmark: flags["--benchmark"],
      model: opts.model,
      harness: opts.harness,
      repo: opts.repo,
      source_root: opts.sourceRoot,
    },
    "The command line",
  );
  return text;
}

apiOptions(
  program
    .command("submit <file>")
    .description("upload a findings file, or a SARIF 2.1.0 log (.sarif) of a static analyser"),
)
  .option("--wait", "wait until scoring finishes, showing progress")
  .option("--json", "print JSON: the created submission, or with --wait the final status")
  .option("--benchmark <slug@version>", "SARIF: the benchmark version (a findings file names its own)")
  .option("--model <name>", "SARIF: the configuration's name (default: the tool's name and version)")
  .option("--harness <name>", "SARIF: the harness label")
  .option("--repo <owner/name>", "SARIF: the repository of runs that name none (no versionControlProvenance)")
  .option("--source-root <dir>", "SARIF: the directory the analyser ran in (absolute paths are made relative to it)")
  .action(async (file: string, opts: SubmitOptions) => {
    if (!opts.token)
      throw new ApiError(
        401,
        "An API token is required: pass --token or set PROBEBENCH_TOKEN (see `probebench token create`)",
      );
    const size = statSync(file).size;
    const client = cliClient(opts.url, opts.token);
    // Local checks first: a malformed file is reported at once, without a round trip or a rate-limit charge.
    const sarif = await isSarifFile(file, readFileSync(file, "utf8"));
    const created = sarif
      ? await client.submitSarif(await checkSarifFile(file, opts), {
          benchmark: opts.benchmark,
          model: opts.model,
          harness: opts.harness,
          repo: opts.repo,
          source_root: opts.sourceRoot,
        })
      : await client.submit((await checkFindingsFile(file)).text);
    const skipped = created.paths
      ? `; of the SARIF results, ${created.paths.mapped} name a file of their repository, ${created.paths.unmapped} were kept as written, ${created.skipped?.without_location ?? 0} without a location were skipped`
      : "";
    console.error(
      `Uploaded ${file} (${(size / 1024).toFixed(0)} KB): submission ${created.id}, ${created.findings} findings in ${created.runs} run(s), ${created.status}${skipped}`,
    );
    if (!opts.wait) {
      console.log(opts.json ? JSON.stringify(created, null, 2) : created.id);
      return;
    }
    const final = await waitForScores(client, created.id);
    console.log(opts.json ? JSON.stringify(final, null, 2) : formatScores(final));
    if (final.status === "failed") process.exitCode = 1;
  });

async function waitForScores(client: ReturnType<typeof createApiClient>, id: string): Promise<StatusBody> {
  let last = "";
  for (;;) {
    const status = await client.status(id);
    const line = `${status.status}${status.status === "scoring" ? ` ${status.progress ?? 0}%` : ""}`;
    if (line !== last) {
      console.error(`  ${line}`);
      last = line;
    }
    if (status.status === "scored" || status.status === "failed") return status;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

apiOptions(program.command("status <id>").description("show a submission's status and scores"))
  .option("--json", "print JSON")
  .action(async (id: string, opts: { url: string; token?: string; json?: boolean }) => {
    const status = await cliClient(opts.url, opts.token).status(id);
    console.log(opts.json ? JSON.stringify(status, null, 2) : formatScores(status));
    // As `submit --wait`: a failed submission is a failure for scripts.
    if (status.status === "failed") process.exitCode = 1;
  });

addSnapshotCommands(program, closeDb);

program.parseAsync(process.argv).catch(async (error: unknown) => {
  if (error instanceof ApiError || error instanceof AppError) {
    console.error(`Error: ${error.message}`);
    for (const issue of error.issues.slice(0, 50)) console.error(`  ${issue.path}: ${issue.message}`);
    if (error.issues.length > 50) console.error(`  ... and ${error.issues.length - 50} more`);
  } else if (error instanceof Error && "code" in error && error.code === "ENOENT") {
    console.error(`Error: file not found: ${(error as NodeJS.ErrnoException).path}`);
  } else {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  }
  await closeDb().catch(() => undefined);
  process.exitCode = 1;
});
