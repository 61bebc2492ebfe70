import { type Command } from "commander";
import { z } from "zod";
import { ApiError } from "../lib/api-client";
import type { SubmissionStatusBody, UploadValidationBody } from "../lib/contracts/submissions";
import {
  apiOptions,
  apiSession,
  parseFlags,
  requireToken,
  usageError,
  type ApiFlags,
  type ApiSession,
} from "./api-session";
import { EXIT_CODES } from "./exit-codes";
import { formatScores } from "./format";
import { localFileSize, readLocalFile } from "./local-files";
import { licenceSchema, organisationSchema, parameterCountTextSchema } from "../lib/validation/model-metadata";

// `probebench validate`, `submit` and `status`: a findings file or a SARIF log checked locally with the server's own
// schemas, uploaded with the configuration's labels as flags, and followed until it is scored.

type SarifFlags = { benchmark?: string; repo?: string; sourceRoot?: string };

/** The labels a findings file may carry, settable as flags for either format (SARIF sends them in the query). */
type LabelFlags = {
  reasoningEffort?: string;
  costUsd?: string;
  reportUrl?: string;
  openModel?: boolean;
  organisation?: string;
  modelLicence?: string;
  parameterCount?: string;
};

type SubmitFlags = ApiFlags &
  SarifFlags &
  LabelFlags & {
    wait?: boolean;
    model?: string;
    harness?: string;
    allowDuplicate?: boolean;
    allowUnknownPaths?: boolean;
  };

const labelFlagsSchema = z.object({
  "--reasoning-effort": z.string().trim().min(1, "must not be empty").max(200).optional(),
  "--cost-usd": z.coerce
    .number({ message: "must be a number of US dollars, such as 12.5" })
    .min(0, "must be 0 or more")
    .optional(),
  "--report-url": z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .max(2_000)
    .optional(),
  "--open-model": z.boolean().optional(),
  "--organisation": organisationSchema.optional(),
  "--model-licence": licenceSchema.optional(),
  "--parameter-count": parameterCountTextSchema.optional(),
});

function labelFlags(opts: LabelFlags) {
  const flags = parseFlags(labelFlagsSchema, {
    "--reasoning-effort": opts.reasoningEffort,
    "--cost-usd": opts.costUsd,
    "--report-url": opts.reportUrl,
    "--open-model": opts.openModel,
    "--organisation": opts.organisation,
    "--model-licence": opts.modelLicence,
    "--parameter-count": opts.parameterCount,
  });
  return {
    reasoning_effort: flags["--reasoning-effort"],
    cost_usd: flags["--cost-usd"],
    report_url: flags["--report-url"],
    open_model: flags["--open-model"],
    organisation: flags["--organisation"],
    model_licence: flags["--model-licence"],
    parameter_count: flags["--parameter-count"],
  };
}

type Labels = Partial<ReturnType<typeof labelFlags>>;

/** Checks a findings file with the server's own schema; the labels given as flags replace the file's. */
async function checkFindingsFile(text: string, labels: Labels) {
  const { parseFindingsText, runsOf, FINDINGS_FILE_SHAPE } = await import("../lib/validation/findings-file");
  const { parseJsonText } = await import("../lib/validation/parse-json");
  const given = Object.fromEntries(Object.entries(labels).filter(([, v]) => v !== undefined));
  const withLabels =
    Object.keys(given).length === 0
      ? text
      : JSON.stringify({
          ...(parseJsonText(text, "The findings file", FINDINGS_FILE_SHAPE) as Record<string, unknown>),
          ...given,
        });
  const parsed = parseFindingsText(withLabels);
  const runs = runsOf(parsed);
  const findings = runs.reduce((n, r) => n + r.findings.length, 0);
  return {
    text: withLabels,
    summary: `${findings} findings in ${runs.length} run(s) for ${parsed.benchmark}, model ${parsed.model}`,
  };
}

/** Whether a file is a SARIF log: by its name (.sarif) or by its content (a `.json` written by an analyser). */
async function isSarifFile(file: string, text: string): Promise<boolean> {
  const { looksLikeSarifText } = await import("../lib/validation/sarif-log");
  return /\.sarif(\.json)?$/i.test(file) || looksLikeSarifText(text);
}

/** The SARIF flags checked as the server checks its query, named as flags. */
async function sarifQuery(opts: SubmitFlags | SarifFlags, labels: Labels) {
  const { sarifUploadQuerySchema } = await import("../lib/validation/sarif-query");
  const o = opts as SubmitFlags;
  const query = {
    benchmark: o.benchmark,
    model: o.model,
    harness: o.harness,
    repo: o.repo,
    source_root: o.sourceRoot,
    ...labels,
    open_model: labels.open_model === undefined ? undefined : labels.open_model ? "true" : "false",
  } as const;
  const parsed = sarifUploadQuerySchema.safeParse(query);
  // The server's query parameters are the CLI's flags: source_root is --source-root.
  if (!parsed.success)
    throw usageError(
      parsed.error.issues.map((i) => ({ path: `--${String(i.path[0]).replaceAll("_", "-")}`, message: i.message })),
    );
  return query;
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

/** A SARIF log's shape checked locally, and the flags it needs; the query to send. */
async function checkSarifFile(text: string, opts: SubmitFlags, labels: Labels) {
  const { SARIF_SHAPE, sarifLogSchema } = await import("../lib/validation/sarif-log");
  const { parseJsonText } = await import("../lib/validation/parse-json");
  const { parseOrThrow } = await import("../lib/errors");
  parseOrThrow(sarifLogSchema, parseJsonText(text, "The SARIF log", SARIF_SHAPE), "The SARIF log");
  parseFlags(z.object({ "--benchmark": z.string().min(1, "is required for a SARIF file (slug@version)") }), {
    "--benchmark": opts.benchmark ?? "",
  });
  return sarifQuery(opts, labels);
}

async function waitForScores(session: ApiSession, id: string, quiet: boolean): Promise<SubmissionStatusBody> {
  let last = "";
  for (;;) {
    const status = await session.client.status(id);
    const line = `${status.status}${status.status === "scoring" ? ` ${status.progress ?? 0}%` : ""}`;
    if (line !== last && !quiet) console.error(`  ${line}`);
    last = line;
    // A withdrawn submission is never scored: its scoring stopped for good.
    if (status.status === "scored" || status.status === "failed" || status.status === "withdrawn") return status;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

type ValidateFlags = ApiFlags &
  SarifFlags & {
    model?: string;
    harness?: string;
    allowDuplicate?: boolean;
    allowUnknownPaths?: boolean;
    local?: boolean;
  };

/** What the server's dry run answered, for people. */
function formatValidation(url: string, v: UploadValidationBody): string {
  const lines = [
    `OK on ${url}: ${v.findings} findings in ${v.runs} run(s) for ${v.benchmark}, model ${v.model}; nothing was stored.`,
    ...v.repositories.map((r) => `  ${r.repo}: ${r.findings} findings`),
  ];
  if (v.known_paths.checked > 0)
    lines.push(`  ${v.known_paths.known} of ${v.known_paths.checked} findings name a file of their repository`);
  if (v.paths)
    lines.push(
      `  SARIF: ${v.paths.mapped} results name a file of their repository, ${v.paths.unmapped} kept as written, ${v.skipped?.without_location ?? 0} without a location skipped`,
    );
  for (const w of v.warnings) lines.push(`Warning: ${w}`);
  return lines.join("\n");
}

const print = (json: boolean | undefined, value: unknown, text: string) =>
  console.log(json ? JSON.stringify(value, null, 2) : text);

export function addSubmissionCommands(program: Command): void {
  apiOptions(
    program
      .command("validate <file>")
      .description(
        "check a findings file or a SARIF log without storing it: locally, then (with a token) every check of an upload on the server",
      ),
  )
    .option("--benchmark <slug@version>", "SARIF: the benchmark version")
    .option("--model <name>", "SARIF: the configuration's name, as `submit` would send it")
    .option("--harness <name>", "SARIF: the harness label, as `submit` would send it")
    .option("--repo <owner/name>", "SARIF: the repository of runs that name none")
    .option("--source-root <dir>", "SARIF: the directory the analyser ran in (absolute paths are made relative to it)")
    .option("--allow-duplicate", "as `submit --allow-duplicate`: a file uploaded before is a warning, not exit code 8")
    .option("--allow-unknown-paths", "as `submit --allow-unknown-paths`")
    .option("--local", "only the local checks, even with a token")
    .action(async (file: string, opts: ValidateFlags) => {
      const text = readLocalFile(file);
      const sarif = await isSarifFile(file, text);
      const query = sarif ? await sarifQuery(opts, {}) : undefined;
      const summary = sarif ? await checkSarifConversion(text, opts) : (await checkFindingsFile(text, {})).summary;
      const format = sarif ? "sarif" : "findings";
      const session = opts.local ? null : apiSession(opts);
      if (!session?.token) {
        const why = opts.local ? "--local" : "no token";
        return print(
          opts.json,
          { ok: true, format, checked: "local", summary },
          `OK: ${summary}. Local checks only (${why}): the benchmark, repositories, paths and the duplicate check are the server's; run \`probebench login\` (or pass --token) and validate again, or they are checked on upload.`,
        );
      }
      // The server's dry run: a refusal throws the same error as `submit` would meet, with the same exit code.
      const options = {
        allow_duplicate: opts.allowDuplicate ? ("true" as const) : ("false" as const),
        allow_unknown_paths: opts.allowUnknownPaths ? ("true" as const) : undefined,
      };
      const server = query
        ? await session.client.validateSarif(text, { ...query, ...options })
        : await session.client.validate(text, options);
      print(opts.json, { ok: true, format, checked: "server", summary, server }, formatValidation(session.url, server));
    });

  apiOptions(
    program
      .command("submit <file>")
      .description("upload a findings file, or a SARIF 2.1.0 log (.sarif) of a static analyser"),
  )
    .option("--wait", "wait until scoring finishes, showing progress")
    .option("--benchmark <slug@version>", "SARIF: the benchmark version (a findings file names its own)")
    .option("--model <name>", "SARIF: the configuration's name (default: the tool's name and version)")
    .option("--harness <name>", "SARIF: the harness label")
    .option("--repo <owner/name>", "SARIF: the repository of runs that name none (no versionControlProvenance)")
    .option("--source-root <dir>", "SARIF: the directory the analyser ran in (absolute paths are made relative to it)")
    .option("--reasoning-effort <level>", "the configuration's reasoning effort (replaces the file's)")
    .option("--cost-usd <dollars>", "what the run cost in US dollars, for the F1-over-cost chart (replaces the file's)")
    .option("--report-url <url>", "a public write-up of the configuration (replaces the file's)")
    .option("--open-model", "the model's weights are public (replaces the file's)")
    .option("--no-open-model", "the model's weights are not public")
    .option("--organisation <name>", "the organisation that made the model (replaces the file's)")
    .option(
      "--model-licence <id>",
      "the model's licence, an SPDX id such as apache-2.0, or proprietary (replaces the file's)",
    )
    .option("--parameter-count <n>", "the model's parameter count: 70000000000, 70B or 1.5T (replaces the file's)")
    .option("--allow-duplicate", "store a file you uploaded before as a new entry (otherwise refused, exit code 8)")
    .option(
      "--allow-unknown-paths",
      "score findings that name no file of their repositories (otherwise refused where snapshots list the files)",
    )
    .action(async (file: string, opts: SubmitFlags) => {
      const session = apiSession(opts);
      requireToken(session);
      const size = localFileSize(file);
      const text = readLocalFile(file);
      const labels = labelFlags(opts);
      // Local checks first: a malformed file is reported at once, without a round trip or a rate-limit charge.
      const options = {
        allow_duplicate: opts.allowDuplicate ? ("true" as const) : ("false" as const),
        allow_unknown_paths: opts.allowUnknownPaths ? ("true" as const) : undefined,
      };
      const created = (await isSarifFile(file, text))
        ? await session.client.submitSarif(text, { ...(await checkSarifFile(text, opts, labels)), ...options })
        : await session.client.submit((await checkFindingsFile(text, labels)).text, options);
      const skipped = created.paths
        ? `; of the SARIF results, ${created.paths.mapped} name a file of their repository, ${created.paths.unmapped} were kept as written, ${created.skipped?.without_location ?? 0} without a location were skipped`
        : "";
      console.error(
        `Uploaded ${file} (${(size / 1024).toFixed(0)} KB): submission ${created.id}, ${created.findings} findings in ${created.runs} run(s), ${created.status}${skipped}`,
      );
      for (const warning of created.warnings) console.error(`Warning: ${warning}`);
      if (!opts.wait) return print(opts.json, created, created.id);
      const final = await waitForScores(session, created.id, false);
      print(opts.json, final, formatScores(final));
      if (final.status === "failed") process.exitCode = EXIT_CODES.scoring_failed;
    });

  apiOptions(program.command("status <id>").description("show a submission's status and scores")).action(
    async (id: string, opts: ApiFlags) => {
      const session = apiSession(opts);
      let status;
      try {
        status = await session.client.status(id);
      } catch (error) {
        // An entry not yet approved is visible to its submitter only: without a token it looks like no entry at all.
        if (error instanceof ApiError && error.status === 404 && session.tokenSource === "none")
          throw new ApiError(
            404,
            `${error.message.replace(/\.?$/, ".")} If it is your own entry and not yet approved, sign in first: \`probebench login\` (or pass --token).`,
          );
        throw error;
      }
      print(opts.json, status, formatScores(status));
      // As `submit --wait`: a failed submission is a failure for scripts.
      if (status.status === "failed") process.exitCode = EXIT_CODES.scoring_failed;
    },
  );
}
