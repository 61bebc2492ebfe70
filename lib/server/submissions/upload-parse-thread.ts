// Upload bodies parsed, validated and converted in a worker thread (upload-parse-client.ts starts it): findings files,
// SARIF logs, and the benchmark and fix-dates files admins import.
//
// A 50 MB findings file, SARIF log or benchmark file costs seconds of CPU: the shape scan, JSON.parse, zod and the
// SARIF conversion. Slicing that work between turns of the event loop bounded what it cost the rest of the web server
// only in part: JSON.parse of the whole body is one call, and so is the scan before it. Here all of it runs on another
// core and another heap; the web server's loop only copies the result back, a slice at a time, when it asks for the
// next one.
//
// This module runs inside the thread only (no "server-only": it is loaded by plain Node through tsx); it reads no
// database, network or secret. What it needs of the benchmark (a SARIF log's repositories and files) comes with the job.

import { parentPort } from "node:worker_threads";
import { AppError, type ErrorCode, type FieldIssue } from "../../errors";
import { parseBenchmarkText, type BenchmarkFile } from "../../validation/benchmark-file";
import { parseFindingsText, type FindingsFile } from "../../validation/findings-file";
import { parseFixDatesText, type FixDatesFile } from "../../validation/fix-dates-file";
import { checkFileCaps, type FileCaps } from "../../validation/file-caps";
import { parseSarifText, sarifPaths, type SarifContext } from "../../validation/sarif";
import type { SarifUploadQuery } from "../../validation/sarif-query";
import { decodeBodyText } from "../http/read-body";

type UploadParseJob =
  | { type: "parse"; job: number; kind: "findings"; bytes: Uint8Array; caps: FileCaps }
  | {
      type: "parse";
      job: number;
      kind: "sarif";
      bytes: Uint8Array;
      caps: FileCaps;
      query: SarifUploadQuery;
      context: SarifContext;
    }
  | { type: "parse"; job: number; kind: "benchmark"; bytes: Uint8Array }
  | { type: "parse"; job: number; kind: "fix-dates"; bytes: Uint8Array };

/** The next slice of list `list` (and, for a SARIF log, the SARIF path of each finding), from `from`. */
export type UploadParseRequest =
  | UploadParseJob
  | { type: "slice"; job: number; list: number; from: number }
  | {
      type: "drop";
      job: number;
    };

/**
 * The file without its long lists, which arrive in slices (`sizes[i]` items of list `i`). A findings file's or SARIF
 * log's list `r` is run `r`'s findings; a benchmark file's list 0 is its reference bugs, and list `1 + i` repository
 * `i`'s fix commits (its `fix_commits` stays `[]` in the head when it has them, absent when not). A fix-dates file's
 * list 0 is its fix dates, and list `1 + i` repository `i`'s fix commits, the same way.
 */
export type ParsedHead = { sizes: number[] } & (
  | {
      kind: "findings";
      file: FindingsFile;
      sarif?: { skippedWithoutLocation: number; mapped: number; unmapped: number };
    }
  | { kind: "benchmark"; file: BenchmarkFile }
  | { kind: "fix-dates"; file: FixDatesFile }
);

type SerializedError = {
  code: ErrorCode;
  message: string;
  issues: FieldIssue[];
  headers: Record<string, string>;
};

export type UploadParseReply =
  | { type: "parsed"; job: number; head: ParsedHead }
  | { type: "slice"; job: number; items: unknown[]; sources?: string[] }
  | { type: "refused"; job: number; error: SerializedError }
  | { type: "failed"; job: number; message: string };

/**
 * Items per slice copied back (findings, reference bugs, fix commits): deserialising one holds the web server's loop
 * for a few milliseconds at most.
 */
const SLICE_ITEMS = 2_000;

type Parsed = { lists: unknown[][]; sources?: string[][] };
const parsed = new Map<number, Parsed>();

function post(reply: UploadParseReply): void {
  parentPort!.postMessage(reply);
}

function parse(job: Extract<UploadParseRequest, { type: "parse" }>): void {
  // Decoded here, not on the web server's loop: 50 MB of UTF-8 is tens of milliseconds.
  const text = decodeBodyText(job.bytes);
  if (job.kind === "benchmark") {
    const file = parseBenchmarkText(text);
    const lists = [file.reference_bugs, ...file.repositories.map((r) => r.fix_commits ?? [])];
    parsed.set(job.job, { lists });
    const head = {
      ...file,
      reference_bugs: [],
      repositories: file.repositories.map((r) => (r.fix_commits ? { ...r, fix_commits: [] } : r)),
    };
    post({ type: "parsed", job: job.job, head: { kind: "benchmark", file: head, sizes: lists.map((l) => l.length) } });
    return;
  }
  if (job.kind === "fix-dates") {
    const file = parseFixDatesText(text);
    const repositories = file.repositories ?? [];
    const lists = [file.fix_dates ?? [], ...repositories.map((r) => r.fix_commits ?? [])];
    parsed.set(job.job, { lists });
    const head = {
      ...file,
      ...(file.fix_dates ? { fix_dates: [] } : {}),
      ...(file.repositories
        ? { repositories: repositories.map((r) => (r.fix_commits ? { ...r, fix_commits: [] } : r)) }
        : {}),
    };
    post({ type: "parsed", job: job.job, head: { kind: "fix-dates", file: head, sizes: lists.map((l) => l.length) } });
    return;
  }
  if (job.kind === "findings") {
    const file = parseFindingsText(text);
    const runs = file.runs ? file.runs.map((r) => r.findings) : [file.findings!];
    // A file above the caps is refused here, before its findings are copied back to the web server's loop.
    checkFileCaps(
      runs.map((findings) => ({ findings })),
      file.runs !== undefined,
      job.caps,
    );
    parsed.set(job.job, { lists: runs });
    post({
      type: "parsed",
      job: job.job,
      head: { kind: "findings", file: withoutFindings(file), sizes: runs.map((r) => r.length) },
    });
    return;
  }
  const converted = parseSarifText(text, job.query, job.context);
  const { file } = converted;
  const runs = file.runs ? file.runs.map((r) => r.findings) : [file.findings!];
  try {
    checkFileCaps(
      runs.map((findings) => ({ findings })),
      file.runs !== undefined,
      job.caps,
    );
  } catch (error) {
    throw sarifPaths(error, converted.sources, file.runs !== undefined);
  }
  parsed.set(job.job, { lists: runs, sources: converted.sources });
  post({
    type: "parsed",
    job: job.job,
    head: {
      kind: "findings",
      file: withoutFindings(file),
      sizes: runs.map((r) => r.length),
      sarif: {
        skippedWithoutLocation: converted.skippedWithoutLocation,
        mapped: converted.mapped,
        unmapped: converted.unmapped,
      },
    },
  });
}

function withoutFindings(file: FindingsFile): FindingsFile {
  return file.runs ? { ...file, runs: file.runs.map((r) => ({ ...r, findings: [] })) } : { ...file, findings: [] };
}

parentPort!.on("message", (message: UploadParseRequest) => {
  if (message.type === "drop") {
    parsed.delete(message.job);
    return;
  }
  if (message.type === "slice") {
    const job = parsed.get(message.job);
    if (!job) return post({ type: "failed", job: message.job, message: "no parsed upload with this number" });
    const to = message.from + SLICE_ITEMS;
    post({
      type: "slice",
      job: message.job,
      items: job.lists[message.list]?.slice(message.from, to) ?? [],
      sources: job.sources?.[message.list]?.slice(message.from, to),
    });
    return;
  }
  try {
    parse(message);
  } catch (error) {
    if (error instanceof AppError)
      return post({
        type: "refused",
        job: message.job,
        error: { code: error.code, message: error.message, issues: error.issues, headers: error.headers },
      });
    post({ type: "failed", job: message.job, message: error instanceof Error ? error.message : String(error) });
  }
});
