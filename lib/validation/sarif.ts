import { z } from "zod";
import { AppError, invalidInput, issuesFromZod, type FieldIssue } from "../errors";
import { normalizePath } from "../scoring/signals";
import { TEXT_LIMITS } from "./common";
import {
  MAX_FINDINGS_PER_FILE,
  MAX_RUNS_PER_FILE,
  validateFindingsFile,
  validateFindingsFileYielding,
  type FindingsFile,
} from "./findings-file";
import { parseJsonText, type JsonShapeLimits } from "./parse-json";
import { type SarifUploadQuery } from "../contracts/submissions";

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
const runSchema = z.looseObject({
  tool: z.looseObject({
    driver: z.looseObject({
      name: z.string().min(1).max(200),
      version: z.string().max(200).optional(),
      semanticVersion: z.string().max(200).optional(),
      rules: z.array(ruleSchema).optional(),
    }),
  }),
  results: z.array(resultSchema).optional(),
  artifacts: z.array(z.looseObject({ location: artifactLocationSchema.optional() })).optional(),
  originalUriBaseIds: z.record(z.string(), artifactLocationSchema).optional(),
  versionControlProvenance: z
    .array(z.looseObject({ repositoryUri: z.string().max(2_000), mappedTo: artifactLocationSchema.optional() }))
    .optional(),
});
export const sarifLogSchema = z.looseObject({
  version: z.literal("2.1.0", { message: 'must be "2.1.0" (SARIF 2.1.0)' }),
  runs: z.array(runSchema).min(1, "must contain at least one run").max(MAX_RUNS_PER_FILE),
});
export type SarifLog = z.infer<typeof sarifLogSchema>;
type SarifRun = z.infer<typeof runSchema>;
type SarifResult = z.infer<typeof resultSchema>;

/** The findings file a SARIF log stands for, how many results were skipped, and the SARIF path of every finding. */
export type SarifConversion = { file: FindingsFile; skippedWithoutLocation: number; sources: string[][] };

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
  return `${decodeURIComponent(parts[0]!)}/${decodeURIComponent(parts[1]!).replace(/\.git$/, "")}`;
}

function cut(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

function firstLine(value: string): string {
  return value.trim().split(/\r?\n/, 1)[0]!.trim();
}

/** A message's text: its own, or the rule's message string it names, with `{0}`-style arguments filled in. */
function messageText(
  message: SarifResult["message"] | undefined,
  rule: z.infer<typeof ruleSchema> | undefined,
): string {
  if (!message) return "";
  const template =
    message.text ?? (message.id ? rule?.messageStrings?.[message.id]?.text : undefined) ?? message.markdown ?? "";
  const args = message.arguments ?? [];
  return template.replace(/\{(\d+)\}/g, (whole, n: string) => args[Number(n)] ?? whole);
}

/** A file path relative to its repository: `%SRCROOT%`-style bases and `file://` checkouts removed, percent-decoding undone. */
function relativePath(uri: string, uriBaseId: string | undefined, run: SarifRun): string {
  let path = uri;
  // The named base, else any base an absolute URI starts with (tools write absolute file:// URIs of the checkout).
  const bases = uriBaseId
    ? [run.originalUriBaseIds?.[uriBaseId]?.uri]
    : Object.values(run.originalUriBaseIds ?? {}).map((b) => b.uri);
  const base = bases.find((b): b is string => Boolean(b) && path.startsWith(b!));
  if (base) path = path.slice(base.length);
  if (/^file:/i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      /* left as written */
    }
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    /* a stray % stays as it is */
  }
  return path;
}

type RepoResolver = (uriBaseId: string | undefined, path: string) => string | null;

/**
 * Which repository a run's results belong to: a `versionControlProvenance` entry (mapped to its uriBaseId when there
 * are several), an `originalUriBaseIds` entry naming a repository URL, a known repository whose name the checkout
 * path contains, else the upload's `repo`.
 */
function repositoryResolver(run: SarifRun, fallback: string | undefined, known: readonly string[]): RepoResolver {
  const provenance = (run.versionControlProvenance ?? []).flatMap((v) => {
    const repo = repositoryFromUri(v.repositoryUri);
    return repo ? [{ repo, base: v.mappedTo?.uriBaseId }] : [];
  });
  const fromBases = new Map<string, string>();
  for (const [id, location] of Object.entries(run.originalUriBaseIds ?? {})) {
    const uri = location.uri ?? "";
    const repo = repositoryFromUri(uri) ?? known.find((k) => uri.includes(`/${k}/`) || uri.endsWith(`/${k}`)) ?? null;
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
    return fallback ?? null;
  };
}

/** One result as a finding, or why it cannot be one. */
function resultToFinding(
  result: SarifResult,
  run: SarifRun,
  resolve: RepoResolver,
): { finding: Record<string, unknown> } | { skip: "location" } | { issue: FieldIssue } {
  const rules = run.tool.driver.rules ?? [];
  const ruleIndex = result.ruleIndex ?? result.rule?.index;
  const ruleId =
    result.ruleId ?? result.rule?.id ?? (ruleIndex !== undefined && ruleIndex >= 0 ? rules[ruleIndex]?.id : undefined);
  const rule =
    (ruleIndex !== undefined && ruleIndex >= 0 ? rules[ruleIndex] : undefined) ??
    rules.find((r) => r.id !== undefined && r.id === ruleId);
  const physical = result.locations?.find((l) => l.physicalLocation?.artifactLocation)?.physicalLocation;
  const artifact = physical?.artifactLocation;
  const indexed =
    artifact?.index !== undefined && artifact.index >= 0 ? run.artifacts?.[artifact.index]?.location : undefined;
  const uri = artifact?.uri ?? indexed?.uri;
  if (!physical || !uri) return { skip: "location" };
  const path = relativePath(uri, artifact?.uriBaseId ?? indexed?.uriBaseId, run);
  const repo = resolve(artifact?.uriBaseId ?? indexed?.uriBaseId, path);
  if (!repo)
    return {
      issue: {
        path: "locations[0].physicalLocation.artifactLocation",
        message: "names no repository: add versionControlProvenance to the run, or pass repo=owner/name",
      },
    };
  const region = physical.region;
  const start = region?.startLine ?? physical.contextRegion?.startLine ?? 1;
  const end = Math.max(start, region?.endLine ?? region?.startLine ?? physical.contextRegion?.endLine ?? start);
  const message = messageText(result.message, rule);
  const ruleText = [rule?.shortDescription?.text, rule?.help?.text ?? rule?.fullDescription?.text].filter(
    (t): t is string => Boolean(t?.trim()),
  );
  const label = ruleId ?? rule?.name ?? "result";
  const title = message
    ? `${label}: ${firstLine(message)}`
    : rule?.shortDescription?.text
      ? `${label}: ${firstLine(rule.shortDescription.text)}`
      : label;
  const description = [message || title, ...ruleText].join("\n\n");
  const score = Number(result.properties?.["security-severity"] ?? rule?.properties?.["security-severity"]);
  const level = result.level ?? rule?.defaultConfiguration?.level ?? "warning";
  const severity =
    Number.isFinite(score) && score > 0
      ? severityFromScore(score)
      : level === "none"
        ? undefined
        : LEVEL_SEVERITY[level];
  const snippet = region?.snippet?.text ?? physical.contextRegion?.snippet?.text;
  const fixes = (result.fixes ?? []).map((f) => messageText(f.description, rule)).filter((t) => t.trim());
  const finding: Record<string, unknown> = {
    repo,
    file: normalizePath(path, repo),
    line_start: start,
    line_end: end,
    title: cut(title, TEXT_LIMITS.title),
    description: cut(description, TEXT_LIMITS.description),
  };
  if (snippet) finding.code_snippet = cut(snippet, TEXT_LIMITS.codeSnippet);
  if (severity) finding.severity = severity;
  if (fixes.length) finding.suggested_fix = cut(fixes.join("\n\n"), TEXT_LIMITS.suggestedFix);
  return { finding };
}

/**
 * Converts a parsed SARIF log to the findings file it stands for. One tool per upload; its SARIF runs over different
 * repositories form one run of the submission, and a run over a repository already covered starts the next (repeated
 * runs). Throws a 422 naming every problem by its SARIF path (`runs[0].results[3]...`), nothing half-converted.
 */
export function sarifToFindingsFile(
  value: unknown,
  query: SarifUploadQuery,
  knownRepositories: readonly string[] = [],
): SarifConversion {
  const { document, skipped, sources, repeated } = convertSarif(value, query, knownRepositories);
  try {
    return { file: validateFindingsFile(document, "The SARIF log"), skippedWithoutLocation: skipped, sources };
  } catch (error) {
    throw sarifPaths(error, sources, repeated);
  }
}

/** Like sarifToFindingsFile, validating the converted findings in slices so a server keeps answering. */
export async function sarifToFindingsFileYielding(
  value: unknown,
  query: SarifUploadQuery,
  knownRepositories: readonly string[] = [],
): Promise<SarifConversion> {
  const { document, skipped, sources, repeated } = convertSarif(value, query, knownRepositories);
  try {
    const file = await validateFindingsFileYielding(document, "The SARIF log");
    return { file, skippedWithoutLocation: skipped, sources };
  } catch (error) {
    throw sarifPaths(error, sources, repeated);
  }
}

/** A SARIF log's findings file before it is validated, with the SARIF result each finding came from. */
type Converted = { document: Record<string, unknown>; skipped: number; sources: string[][]; repeated: boolean };

/** The findings file a parsed SARIF log stands for, before it is validated as one. */
function convertSarif(value: unknown, query: SarifUploadQuery, knownRepositories: readonly string[]): Converted {
  const parsed = sarifLogSchema.safeParse(value);
  if (!parsed.success) {
    const issues = issuesFromZod(parsed.error);
    throw invalidInput(
      `The SARIF log is invalid: ${parsed.error.issues.length} problem${parsed.error.issues.length === 1 ? "" : "s"}`,
      issues,
    );
  }
  const log = parsed.data;
  const problems: FieldIssue[] = [];
  if (!query.benchmark)
    problems.push({
      path: "benchmark",
      message: "required for a SARIF upload: pass benchmark=slug@version (CLI: --benchmark)",
    });
  const tools = [...new Set(log.runs.map((r) => r.tool.driver.name))];
  if (tools.length > 1)
    problems.push({
      path: "runs",
      message: `holds results of ${tools.length} tools (${tools.join(", ")}); upload one tool's log per submission`,
    });
  const groups: { repos: Set<string>; findings: Record<string, unknown>[]; sources: string[] }[] = [];
  let skipped = 0;
  log.runs.forEach((run, r) => {
    const resolve = repositoryResolver(run, query.repo, knownRepositories);
    const findings: Record<string, unknown>[] = [];
    const sources: string[] = [];
    (run.results ?? []).forEach((result, i) => {
      const mapped = resultToFinding(result, run, resolve);
      if ("skip" in mapped) skipped++;
      else if ("issue" in mapped) {
        if (problems.length < 200)
          problems.push({ path: `runs[${r}].results[${i}].${mapped.issue.path}`, message: mapped.issue.message });
      } else {
        findings.push(mapped.finding);
        sources.push(`runs[${r}].results[${i}]`);
      }
    });
    const repos = new Set(findings.map((f) => f.repo as string));
    let group = groups.find((g) => ![...repos].some((repo) => g.repos.has(repo)));
    if (!group) {
      group = { repos: new Set(), findings: [], sources: [] };
      groups.push(group);
    }
    for (const repo of repos) group.repos.add(repo);
    group.findings.push(...findings);
    group.sources.push(...sources);
  });
  if (problems.length)
    throw invalidInput(
      `The SARIF log is invalid: ${problems.length} problem${problems.length === 1 ? "" : "s"}`,
      problems,
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
    ...(groups.length <= 1
      ? { findings: groups[0]?.findings ?? [] }
      : { runs: groups.map((g) => ({ findings: g.findings })) }),
  };
  const sources = groups.length <= 1 ? [groups[0]?.sources ?? []] : groups.map((g) => g.sources);
  return { document, skipped, sources, repeated: groups.length > 1 };
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
export function parseSarifText(
  text: string,
  query: SarifUploadQuery,
  knownRepositories: readonly string[] = [],
): SarifConversion {
  return sarifToFindingsFile(parseJsonText(text, "The SARIF log", SARIF_SHAPE), query, knownRepositories);
}

/** Like parseSarifText, for servers: the converted findings are validated in slices between turns of the event loop. */
export function parseSarifTextYielding(
  text: string,
  query: SarifUploadQuery,
  knownRepositories: readonly string[] = [],
): Promise<SarifConversion> {
  return sarifToFindingsFileYielding(parseJsonText(text, "The SARIF log", SARIF_SHAPE), query, knownRepositories);
}
