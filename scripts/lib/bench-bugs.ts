// The repositories and the bug texts of the synthetic benchmark (bench-generate.ts): each repository's files and
// vocabulary, and the writers of reference bugs, paraphrases, decoys and unrelated findings from one seeded random
// source (the order of its draws is the generator's: a change here changes every figure of bench:score).

import type { BenchmarkFile } from "../../lib/validation/benchmark-file";
import type { FindingsFile } from "../../lib/validation/findings-file";
import { BUG_KINDS, writeFinding, writeReference, writeSnippet, type BugContext, type Style } from "./bench-text";

export type RepositorySpec = {
  name: string;
  language: "python" | "javascript" | "typescript";
  domain: string;
  bugs?: number;
  files?: number;
  nouns: string[];
};

// Table 6 sizes (bugs, files) for the six repositories the paper lists; data/probe-reported.json for the named five.

const VERBS = [
  "parse",
  "build",
  "render",
  "resolve",
  "load",
  "emit",
  "merge",
  "normalize",
  "validate",
  "compute",
  "format",
  "read",
  "write",
  "apply",
  "collect",
  "expand",
  "encode",
  "split",
  "flush",
  "schedule",
];
const FIELDS = [
  "width",
  "offset",
  "name",
  "count",
  "timeout",
  "index",
  "priority",
  "encoding",
  "limit",
  "depth",
  "scale",
  "version",
  "delay",
  "size",
  "start",
  "length",
  "ratio",
  "margin",
  "level",
  "stamp",
];
const FILE_SUFFIXES = ["core", "utils", "base", "io", "helpers", "api", "types", "compat", "model", "engine"];

type FileModel = { path: string; lines: number };
export type RepoModel = RepositorySpec & { short: string; style: Style; fileModels: FileModel[] };
export type Reference = BenchmarkFile["reference_bugs"][number] & {
  kindIndex: number;
  context: BugContext;
  around: string[];
};

/**
 * Real findings name the code path they were found on: functions, fields and calls of their own. Two reports of one
 * bug kind in one codebase then share the kind's vocabulary but not these, as in real audits; without them, every
 * two reports of a kind shared most of their IDF-weighted identifiers and the prefilter kept ~17% of cross-run pairs.
 */
// Two or three lines of the code path in the snippet, four calls in the description: enough names of its own that
// unrelated reports of one bug kind fall below the identifier threshold, few enough that the full-text embeddings
// of unrelated reports do not converge on the shared shape of such lines (measured at the paper's two shapes: 1.6% and
// 1.1% of cross-run pairs kept).
const CODE_PATH_LINES_MIN = 2;
const CODE_PATH_HOPS = 4;

export function withCodePath(repo: RepoModel, finding: FindingRecord, random: () => number): FindingRecord {
  const lines = Array.from({ length: CODE_PATH_LINES_MIN + Math.floor(random() * CODE_PATH_LINES_MIN) }, () => {
    const call = `${rareName(repo, random)}(${rareName(repo, random)}, ${rareName(repo, random)})`;
    return repo.style === "python"
      ? `    ${rareName(repo, random)} = self.${call}`
      : `  const ${rareName(repo, random)} = this.${call};`;
  });
  const [first, ...rest] = (finding.code_snippet ?? "").split("\n");
  return { ...finding, code_snippet: [first!, ...lines, ...rest].join("\n") };
}

/** A name of one code path: verb, qualifier, noun and field (100,000 combinations a repository). */
function rareName(repo: RepoModel, random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return codeName(repo, pick(VERBS), pick(QUALIFIERS), pick(repo.nouns), pick(FIELDS));
}

export function modelRepository(spec: RepositorySpec, random: () => number): RepoModel {
  const short = spec.name.split("/")[1]!.replace(/[^a-z0-9]/g, "");
  const style: Style = spec.language === "python" ? "python" : "js";
  const extension = spec.language === "python" ? "py" : spec.language === "javascript" ? "js" : "ts";
  const count = Math.min(spec.files ?? 60, 120);
  const fileModels = Array.from({ length: count }, (_, i) => {
    const noun = spec.nouns[i % spec.nouns.length]!;
    const suffix = FILE_SUFFIXES[Math.floor(i / spec.nouns.length) % FILE_SUFFIXES.length]!;
    const dir = style === "python" ? short : `src/${noun}`;
    const base = style === "python" ? `${noun}_${suffix}` : `${noun}-${suffix}`;
    const path =
      i < spec.nouns.length * FILE_SUFFIXES.length ? `${dir}/${base}.${extension}` : `${dir}/${base}${i}.${extension}`;
    return { path, lines: 150 + Math.floor(random() * 2500) };
  });
  return { ...spec, short, style, fileModels };
}

export function randomContext(repo: RepoModel, random: () => number): BugContext {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const noun = pick(repo.nouns);
  const item = pick(repo.nouns);
  return {
    fn: qualifiedName(repo, random),
    caller: qualifiedName(repo, random),
    obj: `${pick(repo.nouns)}s`.replace(/ss$/, "s"),
    field: qualifiedField(repo, random),
    item,
    arg: `${item}s`,
    noun,
    other: qualifiedField(repo, random),
  };
}

function codeName(repo: RepoModel, ...parts: string[]): string {
  if (repo.style === "python") return parts.join("_");
  return parts.map((part, i) => (i === 0 ? part : `${part[0]!.toUpperCase()}${part.slice(1)}`)).join("");
}

// Real codebases have thousands of identifiers; compounds of qualifier and noun give each repository a few hundred
// function and field names, so two unrelated reports rarely share their rare words.
const QUALIFIERS = [
  "raw",
  "nested",
  "parent",
  "child",
  "source",
  "target",
  "cached",
  "pending",
  "local",
  "remote",
  "base",
  "extra",
  "inner",
  "outer",
  "prev",
  "next",
  "first",
  "last",
  "min",
  "max",
  "total",
  "partial",
  "default",
  "custom",
  "resolved",
];

function qualifiedName(repo: RepoModel, random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return random() < 0.45
    ? codeName(repo, pick(VERBS), pick(QUALIFIERS), pick(repo.nouns))
    : codeName(repo, pick(VERBS), pick(repo.nouns));
}

function qualifiedField(repo: RepoModel, random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return random() < 0.45 ? codeName(repo, pick(QUALIFIERS), pick(FIELDS)) : pick(FIELDS);
}

/** Three to six lines of the repository's own calls around the faulty lines, as real snippets have. */
function surroundingCode(repo: RepoModel, random: () => number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
    const target = qualifiedName(repo, random);
    const variable = codeName(repo, pick(repo.nouns), qualifiedField(repo, random));
    const args = `${pick(repo.nouns)}, ${qualifiedField(repo, random)}`;
    return repo.style === "python"
      ? `    ${variable} = self.${target}(${args})`
      : `  const ${variable} = this.${target}(${args});`;
  });
}

/** The calls that lead to the bug, as a finding's aside: names of its own and little shared wording. */
export function writeCodePath(repo: RepoModel, c: BugContext, random: () => number): string {
  const hops = Array.from({ length: CODE_PATH_HOPS }, () => rareName(repo, random));
  return `Call path: ${[...hops, c.caller, c.fn].join(" -> ")}.`;
}

/** Two sentences placing the bug in the codebase, different for every report. */
function writeAside(repo: RepoModel, c: BugContext, random: () => number): string {
  return `${writeAsideSentence(repo, c, random)} ${writeAsideSentence(repo, c, random)}`;
}

function writeAsideSentence(repo: RepoModel, c: BugContext, random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const caller = qualifiedName(repo, random);
  return pick([
    `${caller} reaches ${c.fn} while preparing each ${pick(repo.nouns)}.`,
    `It surfaces through ${caller} in ${repo.domain.toLowerCase()} workflows that use ${pick(repo.nouns)} ${pick(FIELDS)} settings.`,
    `The ${pick(repo.nouns)} path via ${caller} depends on it, as does ${qualifiedName(repo, random)}.`,
    `Seen when ${caller} hands over a ${pick(repo.nouns)} with a custom ${qualifiedField(repo, random)}.`,
  ]);
}

function pickFile(repo: RepoModel, random: () => number): FileModel {
  // Bugs cluster in a few files of a codebase: a squared uniform favours the first files.
  return repo.fileModels[Math.floor(repo.fileModels.length * random() ** 2)]!;
}

function lineRange(file: FileModel, snippet: string, random: () => number) {
  const start = 1 + Math.floor(random() * Math.max(1, file.lines - 40));
  return { line_start: start, line_end: start + Math.max(1, snippet.split("\n").length - 1) };
}

const SEVERITIES = ["low", "medium", "high", "critical"] as const;

export function writeReferenceBug(repo: RepoModel, id: string, random: () => number): Reference {
  const kindIndex = Math.floor(random() * BUG_KINDS.length);
  const kind = BUG_KINDS[kindIndex]!;
  const context = randomContext(repo, random);
  const file = pickFile(repo, random);
  const around = surroundingCode(repo, random);
  const snippet = writeSnippet(kind, context, repo.style, around, random);
  const text = writeReference(kind, context, writeAside(repo, context, random), random);
  return {
    id,
    repo: repo.name,
    file: file.path,
    ...lineRange(file, snippet, random),
    title: `${text.title} [root:${id}]`,
    description: text.description,
    code_snippet: snippet,
    severity: SEVERITIES[Math.floor(random() * 4)],
    suggested_fix: `Correct the ${kind.slug} in ${context.fn}.`,
    category: kind.slug,
    kindIndex,
    context,
    around,
  };
}

export type FindingRecord = NonNullable<FindingsFile["findings"]>[number];

function findingRecord(
  repo: RepoModel,
  root: string,
  file: string,
  range: { line_start: number; line_end: number },
  text: { title: string; description: string },
  snippet: string,
  kindSlug: string,
  random: () => number,
): FindingRecord {
  return {
    repo: repo.name,
    file,
    ...range,
    title: `${text.title} [root:${root}]`,
    description: text.description,
    code_snippet: snippet,
    severity: SEVERITIES[Math.floor(random() * 4)],
    confidence: Math.round(random() * 100) / 100,
    category: kindSlug,
  };
}

/** The same defect in the agent's words: shifted lines, often a partial snippet, sometimes seen at a caller. */
export function paraphraseReference(repo: RepoModel, ref: Reference, random: () => number): FindingRecord {
  const kind = BUG_KINDS[ref.kindIndex]!;
  const atCaller = random() < 0.2;
  const file = atCaller ? pickFile(repo, random).path : ref.file;
  // Quoting the same region shares most of the reference's surrounding lines; a caller's file has its own.
  const around = atCaller ? surroundingCode(repo, random) : ref.around.slice(Math.floor(random() * 3));
  const snippet = writeSnippet(kind, ref.context, repo.style, around, random, random() < 0.5);
  const shift = Math.floor(random() * 7) - 3;
  const range = atCaller
    ? lineRange({ path: file, lines: 2000 }, snippet, random)
    : {
        line_start: Math.max(1, ref.line_start + shift),
        line_end: Math.max(1, ref.line_start + shift) + Math.floor(random() * 8) + 1,
      };
  const text = writeFinding(kind, ref.context, file, writeAside(repo, ref.context, random), random);
  return findingRecord(repo, ref.id, file, range, text, snippet, kind.slug, random);
}

/** Same file and nearby lines as a reference bug, but another defect: the judge must reject it. */
export function decoyNear(
  repo: RepoModel,
  ref: Reference,
  root: string,
  random: () => number,
  aside = writeAside,
): FindingRecord {
  const kindIndex = (ref.kindIndex + 1 + Math.floor(random() * (BUG_KINDS.length - 1))) % BUG_KINDS.length;
  const kind = BUG_KINDS[kindIndex]!;
  const context = { ...randomContext(repo, random), fn: ref.context.fn };
  const snippet = writeSnippet(kind, context, repo.style, surroundingCode(repo, random), random);
  const start = Math.max(1, ref.line_start + Math.floor(random() * 21) - 10);
  const range = { line_start: start, line_end: start + snippet.split("\n").length };
  const text = writeFinding(kind, context, ref.file, aside(repo, context, random), random, aside === writeCodePath);
  return findingRecord(repo, root, ref.file, range, text, snippet, kind.slug, random);
}

export function unrelatedFinding(
  repo: RepoModel,
  root: string,
  random: () => number,
  aside = writeAside,
): FindingRecord {
  const kind = BUG_KINDS[Math.floor(random() * BUG_KINDS.length)]!;
  const context = randomContext(repo, random);
  const file = pickFile(repo, random);
  const snippet = writeSnippet(kind, context, repo.style, surroundingCode(repo, random), random, random() < 0.3);
  const text = writeFinding(kind, context, file.path, aside(repo, context, random), random, aside === writeCodePath);
  return findingRecord(repo, root, file.path, lineRange(file, snippet, random), text, snippet, kind.slug, random);
}
