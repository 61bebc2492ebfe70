// Upload bodies parsed, validated and converted in a worker thread (upload-parse-client.ts starts it).
//
// A 50 MB findings file or SARIF log costs seconds of CPU: the shape scan, JSON.parse, zod and the SARIF conversion.
// Slicing that work between turns of the event loop bounded what it cost the rest of the web server only in part:
// JSON.parse of the whole body is one call, and so is the scan before it. Here all of it runs on another core and
// another heap; the web server's loop only copies the result back, a slice at a time, when it asks for the next one.
//
// This module runs inside the thread only (no "server-only": it is loaded by plain Node through tsx); it reads no
// database, network or secret. What it needs of the benchmark (a SARIF log's repositories and files) comes with the job.

import { parentPort } from "node:worker_threads";
import { AppError, type ErrorCode, type FieldIssue } from "../../errors";
import { parseFindingsText, type FindingInput, type FindingsFile } from "../../validation/findings-file";
import { checkFileCaps, type FileCaps } from "../../validation/file-caps";
import { parseSarifText, sarifPaths, type SarifContext } from "../../validation/sarif";
import type { SarifUploadQuery } from "../../contracts/submissions";
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
    };

/** The next slice of run `run`'s findings (and, for a SARIF log, the SARIF path of each), from `from`. */
export type UploadParseRequest =
  | UploadParseJob
  | { type: "slice"; job: number; run: number; from: number }
  | {
      type: "drop";
      job: number;
    };

/** The file without its findings (run `r`'s findings arrive in slices: `runSizes[r]` of them). */
export type ParsedHead = {
  file: FindingsFile;
  runSizes: number[];
  sarif?: { skippedWithoutLocation: number; mapped: number; unmapped: number };
};

type SerializedError = {
  code: ErrorCode;
  message: string;
  issues: FieldIssue[];
  headers: Record<string, string>;
};

export type UploadParseReply =
  | { type: "parsed"; job: number; head: ParsedHead }
  | { type: "slice"; job: number; findings: FindingInput[]; sources?: string[] }
  | { type: "refused"; job: number; error: SerializedError }
  | { type: "failed"; job: number; message: string };

/** Findings per slice copied back: deserialising one holds the web server's loop for a few milliseconds at most. */
const SLICE_FINDINGS = 2_000;

type Parsed = { runs: FindingInput[][]; sources?: string[][] };
const parsed = new Map<number, Parsed>();

function post(reply: UploadParseReply): void {
  parentPort!.postMessage(reply);
}

function parse(job: Extract<UploadParseRequest, { type: "parse" }>): void {
  // Decoded here, not on the web server's loop: 50 MB of UTF-8 is tens of milliseconds.
  const text = decodeBodyText(job.bytes);
  if (job.kind === "findings") {
    const file = parseFindingsText(text);
    const runs = file.runs ? file.runs.map((r) => r.findings) : [file.findings!];
    // A file above the caps is refused here, before its findings are copied back to the web server's loop.
    checkFileCaps(
      runs.map((findings) => ({ findings })),
      file.runs !== undefined,
      job.caps,
    );
    parsed.set(job.job, { runs });
    post({ type: "parsed", job: job.job, head: { file: withoutFindings(file), runSizes: runs.map((r) => r.length) } });
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
  parsed.set(job.job, { runs, sources: converted.sources });
  post({
    type: "parsed",
    job: job.job,
    head: {
      file: withoutFindings(file),
      runSizes: runs.map((r) => r.length),
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
    const to = message.from + SLICE_FINDINGS;
    post({
      type: "slice",
      job: message.job,
      findings: job.runs[message.run]?.slice(message.from, to) ?? [],
      sources: job.sources?.[message.run]?.slice(message.from, to),
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
