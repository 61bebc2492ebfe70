import { invalidInput, type FieldIssue } from "../errors";
import { TEXT_LIMITS } from "./common";
import { type SarifUploadQuery } from "./sarif-query";
import {
  MalformedUriError,
  decodeUri,
  fileInRepository,
  repositoryByFiles,
  underSourceRoot,
  uriPath,
  type RepositoryFiles,
} from "./sarif-locations";
import type { SarifResult, SarifRule, SarifRun } from "./sarif-log";

// One SARIF result as a finding of the findings file format (sarif.ts converts a log result by result): its
// repository, path, title, description, severity and fixes, with every text cut to the findings file's limits.

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

export function cut(value: string, max: number): string {
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

export type RepoResolver = (uriBaseId: string | undefined, path: string) => string | null;

/**
 * Which repository a run's results belong to: a `versionControlProvenance` entry (mapped to its uriBaseId when there
 * are several), an `originalUriBaseIds` entry naming a repository URL, a known repository whose name the checkout
 * path contains, the upload's `repo`, else the one repository with a file the path ends with, else the one
 * repository whose bare name is a directory of the path.
 */
export function repositoryResolver(
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

export type Mapped =
  { finding: Record<string, unknown>; mapped: boolean; chars: number } | { skip: "location" } | { issue: FieldIssue };

/** What one conversion shares across results: the query, the repositories and their files, rule texts once cut. */
export type Conversion = {
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
export function resultToFinding(result: SarifResult, run: SarifRun, resolve: RepoResolver, c: Conversion): Mapped {
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
