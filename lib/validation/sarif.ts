import { runSteps, runStepsYielding } from "../steps";
import type { z } from "zod";
import { AppError, formatPath, invalidInput } from "../errors";
import { TEXT_LIMITS } from "./common";
import { IssueList, validateFindingsFileSteps, type FindingsFile } from "./findings-file";
import { parseJsonText } from "./parse-json";
import { type SarifUploadQuery } from "./sarif-query";
import { indexRepositoryFiles } from "./sarif-locations";
import { SARIF_SHAPE, artifactSchema, logEnvelopeSchema, resultSchema, ruleSchema, type SarifRun } from "./sarif-log";
import { cut, repositoryResolver, resultToFinding, type Conversion } from "./sarif-results";

// SARIF 2.1.0 logs (the output of static analysers) as uploads: each result becomes a finding of the findings file
// format, so a SARIF log and a findings file with the same findings are stored, and scored, identically. Pure: the
// server, the CLI and the upload page run the same conversion. Mapping in docs/file-formats.md ("SARIF").

/** What the conversion knows of the benchmark: its repositories and, per repository, its files (when known). */
export type SarifContext = {
  repositories?: readonly string[];
  // The snapshot's files, else the files its reference bugs name: absolute paths are mapped by them.
  files?: Readonly<Record<string, readonly string[]>>;
  // Characters of text the converted findings may hold in all (rule texts are copied into every finding, so a small
  // log can stand for a large findings file): at most what a findings file of the upload limit could hold.
  maxTextChars?: number;
};

const DEFAULT_SARIF_TEXT_BUDGET = 50 * 1024 * 1024;

/**
 * The findings file a SARIF log stands for; how many results were skipped (no location); of the others, how many
 * files were mapped to a known file of their repository and how many were not; the SARIF path of every finding.
 */
export type SarifConversion = {
  file: FindingsFile;
  skippedWithoutLocation: number;
  mapped: number;
  unmapped: number;
  sources: string[][];
};

/** Whether a parsed JSON value is a SARIF log rather than a findings file (a SARIF `version` and `runs` of tools). */
export function looksLikeSarif(value: unknown): boolean {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const log = value as { version?: unknown; runs?: unknown; $schema?: unknown };
  if (typeof log.$schema === "string" && /sarif/i.test(log.$schema)) return true;
  return (
    log.version === "2.1.0" &&
    Array.isArray(log.runs) &&
    log.runs.some((r) => Boolean(r && typeof r === "object" && "tool" in r))
  );
}

// Results converted between two yields to the event loop (as findings are validated: ~1,000 a slice), and the text
// they may make: results that each copy a rule's long texts make up to 60,000 characters each, and 1,000 of them
// took a second.
const SLICE = 1_000;
const SLICE_CHARS = 2_000_000;

/** A SARIF log's findings file before it is validated, with the SARIF result each finding came from. */
type Converted = {
  document: Record<string, unknown>;
  skipped: number;
  mapped: number;
  unmapped: number;
  sources: string[][];
  repeated: boolean;
};

/** Checks `items` one by one with `schema`, naming problems under `prefix`; yields every SLICE items. */
function* checkItems<T>(
  items: readonly unknown[] | undefined,
  schema: z.ZodType<T>,
  prefix: (string | number)[],
  problems: IssueList,
  counter: { n: number },
): Generator<void, (T | undefined)[]> {
  const out: (T | undefined)[] = [];
  for (const [i, item] of (items ?? []).entries()) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else {
      out.push(undefined);
      for (const issue of parsed.error.issues)
        problems.add({ path: formatPath([...prefix, i, ...issue.path]), message: issue.message });
    }
    if (++counter.n % SLICE === 0) yield;
  }
  return out;
}

/**
 * The findings file a parsed SARIF log stands for, before it is validated as one: the envelope first, then rules,
 * artifacts and results one at a time (a generator: a server yields between slices). Every problem is named by its
 * SARIF path; the text the findings would hold is counted as it is made and bounded by `maxTextChars`.
 */
function* convertSarif(value: unknown, query: SarifUploadQuery, context: SarifContext): Generator<void, Converted> {
  const problems = new IssueList();
  const envelope = logEnvelopeSchema.safeParse(value);
  if (!envelope.success) {
    for (const issue of envelope.error.issues) problems.add({ path: formatPath(issue.path), message: issue.message });
    throw invalidInput(
      `The SARIF log is invalid: ${problems.total} problem${problems.total === 1 ? "" : "s"}`,
      problems.listed(),
    );
  }
  const log = envelope.data;
  if (!query.benchmark)
    problems.add({
      path: "benchmark",
      message: "required for a SARIF upload: pass benchmark=slug@version (CLI: --benchmark)",
    });
  const tools = [...new Set(log.runs.map((r) => r.tool.driver.name))];
  if (tools.length > 1)
    problems.add({
      path: "runs",
      message: `holds results of ${tools.length} tools (${tools.join(", ")}); upload one tool's log per submission`,
    });
  const c: Conversion = {
    query,
    known: context.repositories ?? [],
    indexes: new Map(Object.entries(context.files ?? {}).map(([repo, files]) => [repo, indexRepositoryFiles(files)])),
    ruleTexts: new Map(),
  };
  const budget = context.maxTextChars ?? DEFAULT_SARIF_TEXT_BUDGET;
  const counter = { n: 0 };
  const groups: { repos: Set<string>; findings: Record<string, unknown>[]; sources: string[] }[] = [];
  let skipped = 0;
  let mappedCount = 0;
  let unmapped = 0;
  let chars = 0;
  for (const [r, envelopeRun] of log.runs.entries()) {
    const rules = yield* checkItems(
      envelopeRun.tool.driver.rules,
      ruleSchema,
      ["runs", r, "tool", "driver", "rules"],
      problems,
      counter,
    );
    const artifacts = yield* checkItems(
      envelopeRun.artifacts,
      artifactSchema,
      ["runs", r, "artifacts"],
      problems,
      counter,
    );
    // A bad rule or artifact is named above; results referring to it are converted as if it were absent.
    const run: SarifRun = {
      ...envelopeRun,
      rules: rules.map((rule) => rule ?? {}),
      artifactList: artifacts.map((a) => a ?? {}),
    };
    const resolve = repositoryResolver(run, r, query.repo, c.known, c.indexes);
    const findings: Record<string, unknown>[] = [];
    const sources: string[] = [];
    let sliceChars = 0;
    for (const [i, raw] of (run.results ?? []).entries()) {
      if (++counter.n % SLICE === 0 || sliceChars > SLICE_CHARS) {
        sliceChars = 0;
        yield;
      }
      const parsed = resultSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          problems.add({ path: formatPath(["runs", r, "results", i, ...issue.path]), message: issue.message });
        continue;
      }
      const mapped = resultToFinding(parsed.data, run, resolve, c);
      if ("skip" in mapped) skipped++;
      else if ("issue" in mapped)
        problems.add({ path: `runs[${r}].results[${i}].${mapped.issue.path}`, message: mapped.issue.message });
      else {
        chars += mapped.chars;
        sliceChars += mapped.chars;
        if (chars > budget) {
          problems.add({
            path: `runs[${r}].results[${i}]`,
            message: `the findings converted up to here hold more than ${budget} characters of text (messages, and rule descriptions copied into each finding); upload fewer results`,
          });
          break;
        }
        if (mapped.mapped) mappedCount++;
        else unmapped++;
        findings.push(mapped.finding);
        sources.push(`runs[${r}].results[${i}]`);
      }
    }
    if (chars > budget) break;
    const repos = new Set(findings.map((f) => f.repo as string));
    let group = groups.find((g) => ![...repos].some((repo) => g.repos.has(repo)));
    if (!group) {
      group = { repos: new Set(), findings: [], sources: [] };
      groups.push(group);
    }
    for (const repo of repos) group.repos.add(repo);
    group.findings.push(...findings);
    group.sources.push(...sources);
  }
  if (problems.total)
    throw invalidInput(
      `The SARIF log is invalid: ${problems.total} problem${problems.total === 1 ? "" : "s"}`,
      problems.listed(),
    );
  const driver = log.runs[0]!.tool.driver;
  const version = driver.semanticVersion ?? driver.version;
  const document = {
    benchmark: query.benchmark,
    model: query.model ?? cut(version ? `${driver.name} ${version}` : driver.name, TEXT_LIMITS.model),
    ...(query.harness ? { harness: query.harness } : {}),
    ...(query.reasoning_effort ? { reasoning_effort: query.reasoning_effort } : {}),
    ...(query.cost_usd !== undefined ? { cost_usd: query.cost_usd } : {}),
    ...(query.report_url ? { report_url: query.report_url } : {}),
    ...(query.open_model ? { open_model: query.open_model === "true" } : {}),
    ...(query.organisation ? { organisation: query.organisation } : {}),
    ...(query.model_licence ? { model_licence: query.model_licence } : {}),
    ...(query.parameter_count !== undefined ? { parameter_count: query.parameter_count } : {}),
    ...(groups.length <= 1
      ? { findings: groups[0]?.findings ?? [] }
      : { runs: groups.map((g) => ({ findings: g.findings })) }),
  };
  const sources = groups.length <= 1 ? [groups[0]?.sources ?? []] : groups.map((g) => g.sources);
  return { document, skipped, mapped: mappedCount, unmapped, sources, repeated: groups.length > 1 };
}

/** Converts, then validates the findings as a findings file; 422s name SARIF paths. */
function* sarifSteps(value: unknown, query: SarifUploadQuery, context: SarifContext): Generator<void, SarifConversion> {
  const { document, skipped, mapped, unmapped, sources, repeated } = yield* convertSarif(value, query, context);
  try {
    const file = yield* validateFindingsFileSteps(document, "The SARIF log");
    return { file, skippedWithoutLocation: skipped, mapped, unmapped, sources };
  } catch (error) {
    throw sarifPaths(error, sources, repeated);
  }
}

/**
 * Converts a parsed SARIF log to the findings file it stands for, in one go (the browser and the CLI). One tool per
 * upload; its SARIF runs over different repositories form one run of the submission, and a run over a repository
 * already covered starts the next (repeated runs). Throws a 422 naming every problem by its SARIF path
 * (`runs[0].results[3]...`), nothing half-converted.
 */
export function sarifToFindingsFile(
  value: unknown,
  query: SarifUploadQuery,
  context: SarifContext = {},
): SarifConversion {
  return runSteps(sarifSteps(value, query, context));
}

/** Like sarifToFindingsFile, converting and validating in slices between turns of the event loop (servers). */
async function sarifToFindingsFileYielding(
  value: unknown,
  query: SarifUploadQuery,
  context: SarifContext = {},
): Promise<SarifConversion> {
  return runStepsYielding(sarifSteps(value, query, context));
}

/** Rewrites findings-file paths (`runs[1].findings[4].title`) in a 422 to the SARIF result they came from. */
export function sarifPaths(error: unknown, sources: string[][], repeated: boolean): unknown {
  if (!(error instanceof AppError) || error.code !== "invalid_input") return error;
  const pattern = repeated ? /^runs\[(\d+)\]\.findings\[(\d+)\](.*)$/ : /^findings\[(\d+)\](.*)$/;
  const issues = error.issues.map((issue) => {
    const m = pattern.exec(issue.path);
    if (!m) return issue;
    const [run, index, rest] = repeated ? [Number(m[1]), Number(m[2]), m[3]!] : [0, Number(m[1]), m[2]!];
    const source = sources[run]?.[index];
    return source ? { path: source, message: `${rest ? `${rest.replace(/^\./, "")}: ` : ""}${issue.message}` } : issue;
  });
  return new AppError(
    "invalid_input",
    error.message.replace("The findings file", "The SARIF log"),
    issues,
    error.headers,
  );
}

/** Parses and converts a SARIF log's text with the bounds of a findings upload (the scan runs before JSON.parse). */
export function parseSarifText(text: string, query: SarifUploadQuery, context: SarifContext = {}): SarifConversion {
  return sarifToFindingsFile(parseJsonText(text, "The SARIF log", SARIF_SHAPE), query, context);
}

/** Like parseSarifText, for servers: conversion and validation run in slices between turns of the event loop. */
export function parseSarifTextYielding(
  text: string,
  query: SarifUploadQuery,
  context: SarifContext = {},
): Promise<SarifConversion> {
  return sarifToFindingsFileYielding(parseJsonText(text, "The SARIF log", SARIF_SHAPE), query, context);
}
