import { z } from "zod";
import { AppError, issuesFromZod, type FieldIssue } from "../errors";
import { FINDINGS_FILE_SHAPE, findingsFileSchema, validateFindingsFile } from "./findings-file";
import { parseJsonText } from "./parse-json";
import { parseBenchmarkRef } from "./benchmark-ref";
import { parseSarifText } from "./sarif";
import { parameterCountTextSchema, parseParameterCount } from "./model-metadata";

// Browser-side checks of a findings file with the server's own schema (lib/validation/findings-file.ts), so every
// problem is listed by JSON path before anything is uploaded. The metadata form overrides or completes the file's
// own fields; the merged document is what gets uploaded and validated again by the server.

export type MetadataForm = {
  model: string;
  reasoning_effort: string;
  harness: string;
  cost_usd: string;
  report_url: string;
  // "" leaves it unspecified
  open_model: "" | "open" | "closed";
  organisation: string;
  model_licence: string;
  // As typed: 70B, 1.5T or 70000000000 (the CLI's --parameter-count takes the same)
  parameter_count: string;
};

const METADATA_KEYS = [
  "model",
  "reasoning_effort",
  "harness",
  "cost_usd",
  "report_url",
  "open_model",
  "organisation",
  "model_licence",
  "parameter_count",
] as const;

const shape = findingsFileSchema.shape;
const metadataSchema = z.object({
  model: shape.model,
  reasoning_effort: shape.reasoning_effort,
  harness: shape.harness,
  cost_usd: shape.cost_usd,
  report_url: shape.report_url,
  open_model: shape.open_model,
  organisation: shape.organisation,
  model_licence: shape.model_licence,
  // The field's text, so a count that is not one is named as the CLI names it
  parameter_count: parameterCountTextSchema.optional(),
});

export type ParsedFile =
  { ok: true; document: Record<string, unknown> } | { ok: false; message: string; issues: FieldIssue[] };

/** Parses the file text as the server does (malformed JSON named by line and column, forbidden keys refused). */
export function parseFindingsText(text: string): ParsedFile {
  try {
    const value = parseJsonText(text, "The findings file", FINDINGS_FILE_SHAPE);
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return {
        ok: false,
        message: "The findings file must be a JSON object",
        issues: [{ path: "(root)", message: "expected an object" }],
      };
    }
    return { ok: true, document: value as Record<string, unknown> };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message, issues: error.issues };
    return { ok: false, message: "The file could not be read as JSON", issues: [] };
  }
}

/** Whether a dropped file is a SARIF log (by its name; the content is checked as SARIF then). */
export function isSarifFileName(name: string): boolean {
  return /\.sarif(\.json)?$/i.test(name);
}

/**
 * A SARIF log converted in the browser to the findings file the server would make of it for `benchmark` (the same
 * conversion: lib/validation/sarif.ts), so every problem is listed before anything is uploaded. The log itself is
 * uploaded: the server maps absolute paths by the repositories' snapshots, which the browser does not hold.
 * `skipped`: results without a location.
 */
export function sarifAsFindingsFile(
  text: string,
  benchmark: KnownBenchmark,
  sourceRoot = "",
): ParsedFile & { skipped?: number } {
  try {
    const { file, skippedWithoutLocation } = parseSarifText(
      text,
      { benchmark: `${benchmark.slug}@${benchmark.version}`, source_root: sourceRoot.trim() || undefined },
      { repositories: benchmark.repositories },
    );
    return { ok: true, document: file as unknown as Record<string, unknown>, skipped: skippedWithoutLocation };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message, issues: error.issues };
    return { ok: false, message: "The file could not be read as a SARIF log", issues: [] };
  }
}

/** The query of a SARIF upload (POST /api/v1/submissions): the benchmark, the metadata form, the source root. */
export function sarifUploadQuery(benchmark: string, form: MetadataForm, sourceRoot: string): URLSearchParams {
  const params = new URLSearchParams({ benchmark });
  for (const [key, value] of Object.entries(metadataValues(form)))
    if (value !== undefined) params.set(key, String(value));
  if (sourceRoot.trim()) params.set("source_root", sourceRoot.trim());
  return params;
}

export function metadataFromFile(doc: Record<string, unknown>): MetadataForm {
  const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
  return {
    model: text(doc.model),
    reasoning_effort: text(doc.reasoning_effort),
    harness: text(doc.harness),
    cost_usd: text(doc.cost_usd),
    report_url: text(doc.report_url),
    open_model: doc.open_model === true ? "open" : doc.open_model === false ? "closed" : "",
    organisation: text(doc.organisation),
    model_licence: text(doc.model_licence),
    parameter_count: text(doc.parameter_count),
  };
}

const trimmed = (v: string) => (v.trim() === "" ? undefined : v.trim());

function metadataValues(form: MetadataForm): Record<(typeof METADATA_KEYS)[number], unknown> {
  return {
    model: trimmed(form.model),
    reasoning_effort: trimmed(form.reasoning_effort),
    harness: trimmed(form.harness),
    cost_usd: form.cost_usd.trim() === "" ? undefined : Number(form.cost_usd),
    report_url: trimmed(form.report_url),
    open_model: form.open_model === "" ? undefined : form.open_model === "open",
    organisation: trimmed(form.organisation),
    model_licence: trimmed(form.model_licence),
    // A count that is not one stays text: validateMetadata names it and the upload waits
    parameter_count:
      form.parameter_count.trim() === ""
        ? undefined
        : (parseParameterCount(form.parameter_count) ?? form.parameter_count),
  };
}

/** The document to upload: the file with the form's values in place of its own (an emptied field removes it). */
export function applyMetadata(doc: Record<string, unknown>, form: MetadataForm): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...doc };
  for (const [key, value] of Object.entries(metadataValues(form))) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

function isMetadataPath(path: string): boolean {
  return (METADATA_KEYS as readonly string[]).includes(path);
}

/** Problems in the findings part of a document (runs, findings, benchmark); metadata is checked separately. */
export function validateFindings(doc: Record<string, unknown>, form: MetadataForm): FieldIssue[] {
  try {
    validateFindingsFile(applyMetadata(doc, form));
    return [];
  } catch (error) {
    if (error instanceof AppError) return error.issues.filter((i) => !isMetadataPath(i.path));
    throw error;
  }
}

/** Problems in the metadata form; cheap enough to run on every keystroke. */
export function validateMetadata(form: MetadataForm): FieldIssue[] {
  const result = metadataSchema.safeParse({
    ...metadataValues(form),
    parameter_count: trimmed(form.parameter_count),
  });
  return result.success ? [] : issuesFromZod(result.error);
}

/** A benchmark version as GET /api/v1/benchmarks lists it (newest version of a slug first). */
export type KnownBenchmark = { slug: string; version: string; repositories: string[] };

/** The checks the server makes against the database: a known benchmark, and only its repositories. */
export function validateAgainstBenchmarks(doc: Record<string, unknown>, benchmarks: KnownBenchmark[]): FieldIssue[] {
  if (typeof doc.benchmark !== "string") return [];
  const { slug, version } = parseBenchmarkRef(doc.benchmark);
  // Newest version first (as listed by the server: NEWEST_VERSION_FIRST), which is what a bare slug means.
  const benchmark = benchmarks.find((b) => b.slug === slug && (version === null || b.version === version));
  if (!benchmark) return [{ path: "benchmark", message: `unknown benchmark "${doc.benchmark}"` }];
  const repos = new Set(benchmark.repositories);
  const issues: FieldIssue[] = [];
  const check = (findings: unknown, prefix: string) => {
    if (!Array.isArray(findings)) return;
    findings.forEach((f, i) => {
      const repo = (f as { repo?: unknown } | null)?.repo;
      if (typeof repo === "string" && !repos.has(repo) && issues.length < 200) {
        issues.push({
          path: `${prefix}[${i}].repo`,
          message: `unknown repository "${repo}" in benchmark ${benchmark.slug}@${benchmark.version}`,
        });
      }
    });
  };
  check(doc.findings, "findings");
  if (Array.isArray(doc.runs))
    doc.runs.forEach((run, r) => check((run as { findings?: unknown } | null)?.findings, `runs[${r}].findings`));
  return issues;
}
