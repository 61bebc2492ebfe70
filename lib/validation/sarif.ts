import { runSteps, runStepsYielding } from "../steps";
import { z } from "zod";
import { AppError, formatPath, invalidInput, type FieldIssue } from "../errors";
import { TEXT_LIMITS } from "./common";
import {
  IssueList,
  MAX_FINDINGS_PER_FILE,
  MAX_RUNS_PER_FILE,
  validateFindingsFileSteps,
  type FindingsFile,
} from "./findings-file";
import { parseJsonText, type JsonShapeLimits } from "./parse-json";
import { type SarifUploadQuery } from "./sarif-query";
import {
  MalformedUriError,
  decodeUri,
  fileInRepository,
  indexRepositoryFiles,
  repositoryByFiles,
  underSourceRoot,
  uriPath,
  type RepositoryFiles,
} from "./sarif-locations";

// SARIF 2.1.0 logs (the output of static analysers) as uploads: each result becomes a finding of the findings file
// format, so a SARIF log and a findings file with the same findings are stored, and scored, identically. Pure: the
// server, the CLI and the upload page run the same conversion. Mapping in docs/file-formats.md ("SARIF").

export const SARIF_CONTENT_TYPE = "application/sarif+json";

// The scan's bounds before JSON.parse builds anything (lib/validation/parse-json.ts): results are counted like
// findings (at most MAX_FINDINGS_PER_FILE in all), runs like runs. SARIF nests deeper than a findings file (code
// flows, property bags) and rule lists can be long, so the other bounds are wider.
export const SARIF_SHAPE: JsonShapeLimits = {
  maxDepth: 40,
  maxValues: MAX_FINDINGS_PER_FILE * 60 + 100_000,
  maxObjectKeys: 1_000,
  maxArrayItems: 100_000,
  arrays: (path) => {
    if (path.length === 1 && path[0] === "runs") return { max: MAX_RUNS_PER_FILE, noun: "runs" };
    if (path.length === 3 && path[0] === "runs" && path[2] === "results")
      return { max: MAX_FINDINGS_PER_FILE, noun: "results", group: { name: "results", max: MAX_FINDINGS_PER_FILE } };
    return undefined;
  },
};

// The part of SARIF 2.1.0 the mapping reads; everything else in the log is allowed and ignored.
const text = z.string().max(1_000_000);
const messageSchema = z.looseObject({
  text: text.optional(),
  markdown: text.optional(),
  id: z.string().max(500).optional(),
  arguments: z.array(z.string().max(10_000)).max(100).optional(),
});
const multiformatSchema = z.looseObject({ text: text.optional(), markdown: text.optional() });
const artifactLocationSchema = z.looseObject({
  uri: z.string().max(4_000).optional(),
  uriBaseId: z.string().max(500).optional(),
  index: z.number().int().min(-1).optional(),
});
const regionSchema = z.looseObject({
  startLine: z.number().int().min(1).optional(),
  endLine: z.number().int().min(1).optional(),
  snippet: z.looseObject({ text: text.optional() }).optional(),
});
const locationSchema = z.looseObject({
  physicalLocation: z
    .looseObject({
      artifactLocation: artifactLocationSchema.optional(),
      region: regionSchema.optional(),
      contextRegion: regionSchema.optional(),
    })
    .optional(),
});
const propertiesSchema = z
  .looseObject({ "security-severity": z.union([z.string().max(20), z.number()]).optional() })
  .optional();
const resultSchema = z.looseObject({
  ruleId: z.string().max(500).optional(),
  ruleIndex: z.number().int().min(-1).optional(),
  rule: z.looseObject({ id: z.string().max(500).optional(), index: z.number().int().min(-1).optional() }).optional(),
  message: messageSchema,
  level: z.enum(["none", "note", "warning", "error"]).optional(),
  locations: z.array(locationSchema).optional(),
  fixes: z.array(z.looseObject({ description: messageSchema.optional() })).optional(),
  properties: propertiesSchema,
});
const artifactSchema = z.looseObject({ location: artifactLocationSchema.optional() });
const ruleSchema = z.looseObject({
  id: z.string().max(500).optional(),
  name: z.string().max(500).optional(),
  shortDescription: multiformatSchema.optional(),
  fullDescription: multiformatSchema.optional(),
  help: multiformatSchema.optional(),
  messageStrings: z.record(z.string(), multiformatSchema).optional(),
  defaultConfiguration: z.looseObject({ level: z.enum(["none", "note", "warning", "error"]).optional() }).optional(),
  properties: propertiesSchema,
});
const driverSchema = z.looseObject({
  name: z.string().min(1).max(200),
  version: z.string().max(200).optional(),
  semanticVersion: z.string().max(200).optional(),
});
const runSchema = z.looseObject({
  tool: z.looseObject({ driver: driverSchema.extend({ rules: z.array(ruleSchema).optional() }) }),
  results: z.array(resultSchema).optional(),
  artifacts: z.array(artifactSchema).optional(),
  originalUriBaseIds: z.record(z.string(), artifactLocationSchema).optional(),
  versionControlProvenance: z
    .array(z.looseObject({ repositoryUri: z.string().max(2_000), mappedTo: artifactLocationSchema.optional() }))
    .optional(),
});
export const sarifLogSchema = z.looseObject({
  version: z.literal("2.1.0", { message: 'must be "2.1.0" (SARIF 2.1.0)' }),
  runs: z.array(runSchema).min(1, "must contain at least one run").max(MAX_RUNS_PER_FILE),
});
// The log with its long lists (rules, artifacts, results) unchecked: checked first, whole; the lists then item by
// item between yields, so a log of 200,000 results never holds the event loop for one zod pass over all of them.
const runEnvelopeSchema = runSchema.extend({
  tool: z.looseObject({ driver: driverSchema.extend({ rules: z.array(z.unknown()).optional() }) }),
  results: z.array(z.unknown()).optional(),
  artifacts: z.array(z.unknown()).optional(),
});
const logEnvelopeSchema = sarifLogSchema.extend({
  runs: z.array(runEnvelopeSchema).min(1, "must contain at least one run").max(MAX_RUNS_PER_FILE),
});
type SarifRule = z.infer<typeof ruleSchema>;
type SarifResult = z.infer<typeof resultSchema>;
type SarifArtifact = z.infer<typeof artifactSchema>;
/** A run whose rules and artifacts have been checked (its results are checked one by one as they are converted). */
type SarifRun = z.infer<typeof runEnvelopeSchema> & { rules: SarifRule[]; artifactList: SarifArtifact[] };

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

const LEVEL_SEVERITY = { error: "high", warning: "medium", note: "low" } as const;

/** GitHub code scanning's `security-severity` (a CVSS-like 0..10 score) in severity bands, when a rule carries one. */
export function severityFromScore(score: number): "low" | "medium" | "high" | "critical" {
  if (score >= 9) return "critical";
  if (score >= 7) return "high";
  if (score >= 4) return "medium";
  return "low";
}

/** `owner/name` of a repository URL (https, ssh or scp-like git URLs); null when it does not name one. */
export function repositoryFromUri(uri: string): string | null {
  const scp = /^[\w.-]+@[\w.-]+:([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/.exec(uri);
  if (scp) return `${scp[1]}/${scp[2]}`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol === "file:") return null;
  const parts = url.pathname.split("/").filter(Boolean);
  if (parts.length < 2) return null;
  return `${decodeUri(parts[0]!)}/${decodeUri(parts[1]!).replace(/\.git$/, "")}`;
}

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

/**
 * Whether an upload's text is a SARIF log, from its first 4 KB (before anything is parsed): a `$schema` naming
 * SARIF, or `"version": "2.1.0"` next to `"runs"`. Findings files have neither.
 */
export function looksLikeSarifText(text: string): boolean {
  const head = text.slice(0, 4096);
  return (
    /"\$schema"\s*:\s*"[^"]*sarif/i.test(head) ||
    (/"version"\s*:\s*"2\.1\.0"/.test(head) && /"runs"\s*:\s*\[/.test(head))
  );
}

function cut(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

function firstLine(value: string): string {
  return value.trim().split(/\r?\n/, 1)[0]!.trim();
}

/**
 * `template` with its `{0}`-style placeholders filled from `args`, or null when the filled text would pass `max`
 * characters. Built piece by piece and stopped at `max`, so `"{0}"` x 50,000 with a 5,000-character argument costs
 * what `max` characters cost, not 250 million. A template without arguments is returned as written (cut later).
 */
export function fillPlaceholders(template: string, args: readonly string[], max: number): string | null {
  if (!args.length) return template;
  const placeholder = /\{(\d+)\}/g;
  let out = "";
  let last = 0;
  let filled = false;
  for (let m = placeholder.exec(template); m; m = placeholder.exec(template)) {
    const arg = args[Number(m[1])];
    out += template.slice(last, m.index) + (arg ?? m[0]);
    if (arg !== undefined) filled = true;
    last = placeholder.lastIndex;
    if (filled && out.length > max) return null;
  }
  out += template.slice(last);
  return filled && out.length > max ? null : out;
}

/** A message's text: its own, or the rule's message string it names, with arguments filled in (null: too long). */
function messageText(message: SarifResult["message"] | undefined, rule: SarifRule | undefined): string | null {
  if (!message) return "";
  const template =
    message.text ?? (message.id ? rule?.messageStrings?.[message.id]?.text : undefined) ?? message.markdown ?? "";
  const filled = fillPlaceholders(template, message.arguments ?? [], TEXT_LIMITS.description);
  // Cut at once: a rule's message string can be named by every result, so no result may copy more than the limit.
  return filled === null ? null : cut(filled, TEXT_LIMITS.description);
}

const TOO_LONG = `with its arguments filled in, is longer than ${TEXT_LIMITS.description} characters (the limit of a finding's description)`;

/** A location's path: its `%SRCROOT%`-style base removed, `file://` URIs read as paths, percent-decoding undone. */
function relativePath(uri: string, uriBaseId: string | undefined, run: SarifRun): string {
  // The named base, else any base an absolute URI starts with (tools write absolute file:// URIs of the checkout).
  const bases = uriBaseId
    ? [run.originalUriBaseIds?.[uriBaseId]?.uri]
    : Object.values(run.originalUriBaseIds ?? {}).map((b) => b.uri);
  const base = bases.find((b): b is string => Boolean(b) && uri.startsWith(b!));
  return uriPath(base ? uri.slice(base.length) : uri);
}

type RepoResolver = (uriBaseId: string | undefined, path: string) => string | null;

/**
 * Which repository a run's results belong to: a `versionControlProvenance` entry (mapped to its uriBaseId when there
 * are several), an `originalUriBaseIds` entry naming a repository URL, a known repository whose name the checkout
 * path contains, the upload's `repo`, else the one repository with a file the path ends with, else the one
 * repository whose bare name is a directory of the path.
 */
function repositoryResolver(
  run: SarifRun,
  r: number,
  fallback: string | undefined,
  known: readonly string[],
  indexes: ReadonlyMap<string, RepositoryFiles>,
): RepoResolver {
  const provenance = (run.versionControlProvenance ?? []).flatMap((v, i) => {
    let repo: string | null;
    try {
      repo = repositoryFromUri(v.repositoryUri);
    } catch (error) {
      throw located(error, `runs[${r}].versionControlProvenance[${i}].repositoryUri`);
    }
    return repo ? [{ repo, base: v.mappedTo?.uriBaseId }] : [];
  });
  const fromBases = new Map<string, string>();
  for (const [id, location] of Object.entries(run.originalUriBaseIds ?? {})) {
    const uri = location.uri ?? "";
    let repo: string | null;
    try {
      repo = repositoryFromUri(uri) ?? known.find((k) => uri.includes(`/${k}/`) || uri.endsWith(`/${k}`)) ?? null;
    } catch (error) {
      throw located(error, `runs[${r}].originalUriBaseIds.${id}.uri`);
    }
    if (repo) fromBases.set(id, repo);
  }
  return (uriBaseId, path) => {
    if (uriBaseId) {
      const mapped = provenance.find((p) => p.base === uriBaseId)?.repo ?? fromBases.get(uriBaseId);
      if (mapped) return mapped;
    }
    if (provenance.length === 1) return provenance[0]!.repo;
    const inPath = known.find((k) => path.includes(`/${k}/`) || path.startsWith(`${k}/`));
    if (inPath) return inPath;
    if (fromBases.size === 1) return [...fromBases.values()][0]!;
    if (fallback) return fallback;
    const byFiles = repositoryByFiles(path, indexes);
    if (byFiles) return byFiles;
    // A checkout directory named like exactly one repository (`/tmp/ci/flowq/lib/new.js` is demo/flowq's)
    const byName = known.filter((k) => path.includes(`/${k.slice(k.lastIndexOf("/") + 1)}/`));
    return byName.length === 1 ? byName[0]! : null;
  };
}

/** A malformed URI as a 422 naming its SARIF path; other errors as they are. */
function located(error: unknown, path: string): unknown {
  if (!(error instanceof MalformedUriError)) return error;
  return invalidInput("The SARIF log is invalid: 1 problem", [{ path, message: error.message }]);
}

type Mapped =
  { finding: Record<string, unknown>; mapped: boolean; chars: number } | { skip: "location" } | { issue: FieldIssue };

/** What one conversion shares across results: the query, the repositories and their files, rule texts once cut. */
type Conversion = {
  query: SarifUploadQuery;
  known: readonly string[];
  indexes: ReadonlyMap<string, RepositoryFiles>;
  ruleTexts: Map<SarifRule, string[]>;
};

/** A rule's descriptions as copied into each of its findings, each cut to the description limit once per rule. */
function ruleTextOf(rule: SarifRule | undefined, c: Conversion): string[] {
  if (!rule) return [];
  let texts = c.ruleTexts.get(rule);
  if (!texts) {
    texts = [rule.shortDescription?.text, rule.help?.text ?? rule.fullDescription?.text]
      .filter((t): t is string => Boolean(t?.trim()))
      .map((t) => cut(t, TEXT_LIMITS.description));
    c.ruleTexts.set(rule, texts);
  }
  return texts;
}

/** One result as a finding, or why it cannot be one. */
function resultToFinding(result: SarifResult, run: SarifRun, resolve: RepoResolver, c: Conversion): Mapped {
  const rules = run.rules;
  const ruleIndex = result.ruleIndex ?? result.rule?.index;
  const ruleId =
    result.ruleId ?? result.rule?.id ?? (ruleIndex !== undefined && ruleIndex >= 0 ? rules[ruleIndex]?.id : undefined);
  const rule =
    (ruleIndex !== undefined && ruleIndex >= 0 ? rules[ruleIndex] : undefined) ??
    rules.find((r) => r.id !== undefined && r.id === ruleId);
  const at = result.locations?.findIndex((l) => l.physicalLocation?.artifactLocation) ?? -1;
  const physical = at >= 0 ? result.locations![at]!.physicalLocation : undefined;
  const artifact = physical?.artifactLocation;
  const indexed =
    artifact?.index !== undefined && artifact.index >= 0 ? run.artifactList[artifact.index]?.location : undefined;
  const uri = artifact?.uri ?? indexed?.uri;
  if (!physical || !uri) return { skip: "location" };
  let path: string;
  try {
    path = relativePath(uri, artifact?.uriBaseId ?? indexed?.uriBaseId, run);
  } catch (error) {
    if (!(error instanceof MalformedUriError)) throw error;
    return { issue: { path: `locations[${at}].physicalLocation.artifactLocation.uri`, message: error.message } };
  }
  path = underSourceRoot(path, c.query.source_root) ?? path;
  const repo = resolve(artifact?.uriBaseId ?? indexed?.uriBaseId, path);
  if (!repo)
    return {
      issue: {
        path: `locations[${at}].physicalLocation.artifactLocation`,
        message:
          "names no repository: add versionControlProvenance to the run, or pass the repository (query repo=owner/name; CLI --repo owner/name)",
      },
    };
  const { file, mapped } = fileInRepository(path, repo, c.indexes.get(repo));
  const region = physical.region;
  const start = region?.startLine ?? physical.contextRegion?.startLine ?? 1;
  const end = Math.max(start, region?.endLine ?? region?.startLine ?? physical.contextRegion?.endLine ?? start);
  const message = messageText(result.message, rule);
  if (message === null) return { issue: { path: "message", message: TOO_LONG } };
  const label = ruleId ?? rule?.name ?? "result";
  const title = message
    ? `${label}: ${firstLine(message)}`
    : rule?.shortDescription?.text
      ? `${label}: ${firstLine(cut(rule.shortDescription.text, TEXT_LIMITS.title + label.length))}`
      : label;
  const description = [message || title, ...ruleTextOf(rule, c)].join("\n\n");
  const score = Number(result.properties?.["security-severity"] ?? rule?.properties?.["security-severity"]);
  const level = result.level ?? rule?.defaultConfiguration?.level ?? "warning";
  const severity =
    Number.isFinite(score) && score > 0
      ? severityFromScore(score)
      : level === "none"
        ? undefined
        : LEVEL_SEVERITY[level];
  const snippet = region?.snippet?.text ?? physical.contextRegion?.snippet?.text;
  // Fix descriptions until the suggested fix is full: each is bounded, and so is their number.
  const fixes: string[] = [];
  let fixChars = 0;
  for (const [i, fix] of (result.fixes ?? []).entries()) {
    if (fixChars > TEXT_LIMITS.suggestedFix) break;
    const text = messageText(fix.description, rule);
    if (text === null) return { issue: { path: `fixes[${i}].description`, message: TOO_LONG } };
    if (text.trim()) {
      fixes.push(text);
      fixChars += text.length + 2;
    }
  }
  const finding: Record<string, unknown> = {
    repo,
    file,
    line_start: start,
    line_end: end,
    title: cut(title, TEXT_LIMITS.title),
    description: cut(description, TEXT_LIMITS.description),
  };
  if (snippet) finding.code_snippet = cut(snippet, TEXT_LIMITS.codeSnippet);
  if (severity) finding.severity = severity;
  if (fixes.length) finding.suggested_fix = cut(fixes.join("\n\n"), TEXT_LIMITS.suggestedFix);
  const chars =
    (finding.title as string).length +
    (finding.description as string).length +
    ((finding.code_snippet as string | undefined)?.length ?? 0) +
    ((finding.suggested_fix as string | undefined)?.length ?? 0);
  return { finding, mapped, chars };
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
