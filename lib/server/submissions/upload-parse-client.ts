import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { AppError } from "../../errors";
import type { SarifUploadQuery } from "../../validation/sarif-query";
import type { BenchmarkFile } from "../../validation/benchmark-file";
import type { FileCaps } from "../../validation/file-caps";
import type { FindingInput, FindingsFile } from "../../validation/findings-file";
import type { FixDatesFile } from "../../validation/fix-dates-file";
import type { SarifContext, SarifConversion } from "../../validation/sarif";
import type { ParsedHead, UploadParseReply, UploadParseRequest } from "./upload-parse-thread";
import { processGlobals } from "../../process-globals";
import { startThread, type ThreadClient } from "../../thread-client";

// The web server's side of the upload parse threads (upload-parse-thread.ts says why they exist). Threads start on
// first use and are kept (starting one loads TypeScript and zod: hundreds of milliseconds); at most THREADS parse at
// once and further uploads wait their turn. A thread that fails or exits is replaced; its upload fails with a 500.
// Hand-written rather than a pool library: the thread runs TypeScript through tsx (lib/thread-client.ts), and the
// entry and tsx are found at run time from the project folder (next build bundles this module, so a path relative to
// it would point into the bundle).

/**
 * Threads parsing at once. Uploads held at once are bounded before this (UPLOAD_PARSE_BUDGET_BYTES: two 50 MB
 * bodies by default); two threads use the second core without starving the server's own loop of CPU.
 */
const THREADS = 2;

/**
 * Heap of one parse thread. A 50 MB findings file, SARIF log or benchmark file parses in a few hundred megabytes; a
 * body shaped to blow up in memory stops at this bound instead of taking the web server's memory, and is refused with
 * a 413.
 */
const THREAD_HEAP_MB = 1_536;

type Pending = { resolve: (reply: UploadParseReply) => void; reject: (error: Error) => void };
type Thread = ThreadClient<Pending> & { busy: boolean };

const globalForThreads = processGlobals<{
  uploadParseThreads?: { threads: Thread[]; waiting: (() => void)[] };
}>();
const pool = (globalForThreads.uploadParseThreads ??= { threads: [], waiting: [] });
let nextJob = 1;

function startParseThread(): Thread {
  const root = process.cwd();
  const thread: Thread = Object.assign(
    startThread<UploadParseReply, Pending>({
      name: "an upload parse thread",
      entry: pathToFileURL(path.join(root, "lib/server/submissions/upload-parse-thread.ts")).href,
      tsx: { root },
      heapMb: THREAD_HEAP_MB,
      onMessage: (reply, client) => {
        const pending = client.pending.get(reply.job);
        client.pending.delete(reply.job);
        pending?.resolve(reply);
      },
      failure: (error) =>
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new AppError(
              "payload_too_large",
              `The file needs more than ${THREAD_HEAP_MB} MB of memory to read; split it into smaller files`,
            )
          : undefined,
      onFail: () => {
        pool.threads = pool.threads.filter((t) => t !== thread);
        pool.waiting.shift()?.();
      },
    }),
    { busy: false },
  );
  return thread;
}

async function acquire(): Promise<Thread> {
  for (;;) {
    const idle = pool.threads.find((t) => !t.busy);
    if (idle) return ((idle.busy = true), idle);
    if (pool.threads.length < THREADS) {
      const thread = startParseThread();
      pool.threads.push(thread);
      thread.busy = true;
      return thread;
    }
    await new Promise<void>((resolve) => pool.waiting.push(resolve));
  }
}

function release(thread: Thread): void {
  thread.busy = false;
  pool.waiting.shift()?.();
}

function ask(thread: Thread, message: UploadParseRequest, transfer: ArrayBuffer[] = []): Promise<UploadParseReply> {
  return new Promise((resolve, reject) => {
    thread.pending.set(message.job, { resolve, reject });
    thread.worker.postMessage(message, transfer);
  });
}

/** The body's own buffer when it can be handed over whole (no copy), else a copy of its bytes. */
function transferable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : bytes.slice();
}

type Job =
  | { kind: "findings"; caps: FileCaps }
  | { kind: "sarif"; caps: FileCaps; query: SarifUploadQuery; context: SarifContext }
  | { kind: "benchmark" }
  | { kind: "fix-dates" };

/** The head and the lists of a parsed body (upload-parse-thread.ts's ParsedHead says which list holds what). */
async function parseInThread(
  bytes: Uint8Array,
  job: Job,
): Promise<{ head: ParsedHead; lists: unknown[][]; sources: string[][] }> {
  const thread = await acquire();
  const id = nextJob++;
  try {
    const body = transferable(bytes);
    const first = await ask(thread, { type: "parse", job: id, bytes: body, ...job }, [body.buffer]);
    if (first.type === "refused")
      throw new AppError(first.error.code, first.error.message, first.error.issues, first.error.headers);
    if (first.type !== "parsed")
      throw new Error(`upload parse thread: ${"message" in first ? first.message : first.type}`);
    // Copied back a slice per message, each asked for after the last arrived: the loop is free in between.
    const lists: unknown[][] = [];
    const sources: string[][] = [];
    for (const [list, size] of first.head.sizes.entries()) {
      const items: unknown[] = [];
      const paths: string[] = [];
      while (items.length < size) {
        const slice = await ask(thread, { type: "slice", job: id, list, from: items.length });
        if (slice.type !== "slice" || !slice.items.length)
          throw new Error(`upload parse thread: ${"message" in slice ? slice.message : "an empty slice"}`);
        items.push(...slice.items);
        if (slice.sources) paths.push(...slice.sources);
      }
      lists.push(items);
      sources.push(paths);
    }
    return { head: first.head, lists, sources };
  } finally {
    if (pool.threads.includes(thread))
      thread.worker.postMessage({ type: "drop", job: id } satisfies UploadParseRequest);
    release(thread);
  }
}

// The lists hold what the thread validated against the file's schema; structured cloning keeps them as they were.
function findingsFileOf(head: ParsedHead, lists: unknown[][]): FindingsFile {
  if (head.kind !== "findings") throw new Error(`upload parse thread: a ${head.kind} file, not a findings file`);
  const runs = lists as FindingInput[][];
  const { file } = head;
  return file.runs
    ? { ...file, runs: file.runs.map((r, i) => ({ ...r, findings: runs[i] ?? [] })) }
    : { ...file, findings: runs[0] ?? [] };
}

/** A findings file's bytes parsed and validated (lib/validation/findings-file.ts) in a thread; 4xx as in-process. */
export async function parseFindingsBytes(bytes: Uint8Array, caps: FileCaps): Promise<FindingsFile> {
  const { head, lists } = await parseInThread(bytes, { kind: "findings", caps });
  return findingsFileOf(head, lists);
}

/** A SARIF log's bytes parsed and converted (lib/validation/sarif.ts) in a thread; 4xx as in-process. */
export async function parseSarifBytes(
  bytes: Uint8Array,
  query: SarifUploadQuery,
  context: SarifContext,
  caps: FileCaps,
): Promise<SarifConversion> {
  const { head, lists, sources } = await parseInThread(bytes, { kind: "sarif", caps, query, context });
  if (head.kind !== "findings" || !head.sarif) throw new Error("upload parse thread: not a SARIF conversion");
  return { file: findingsFileOf(head, lists), ...head.sarif, sources };
}

type FixCommits = NonNullable<BenchmarkFile["repositories"][number]["fix_commits"]>;

/** A benchmark file's bytes parsed and validated (lib/validation/benchmark-file.ts) in a thread; 4xx as in-process. */
export async function parseBenchmarkBytes(bytes: Uint8Array): Promise<BenchmarkFile> {
  const { head, lists } = await parseInThread(bytes, { kind: "benchmark" });
  if (head.kind !== "benchmark") throw new Error(`upload parse thread: a ${head.kind} file, not a benchmark file`);
  const [bugs = [], ...fixCommits] = lists;
  return {
    ...head.file,
    reference_bugs: bugs as BenchmarkFile["reference_bugs"],
    repositories: head.file.repositories.map((r, i) =>
      r.fix_commits ? { ...r, fix_commits: (fixCommits[i] ?? []) as FixCommits } : r,
    ),
  };
}

/** A fix-dates file's bytes parsed and validated (lib/validation/fix-dates-file.ts) in a thread; 4xx as in-process. */
export async function parseFixDatesBytes(bytes: Uint8Array): Promise<FixDatesFile> {
  const { head, lists } = await parseInThread(bytes, { kind: "fix-dates" });
  if (head.kind !== "fix-dates") throw new Error(`upload parse thread: a ${head.kind} file, not a fix-dates file`);
  const [rows = [], ...fixCommits] = lists;
  const { file } = head;
  return {
    ...file,
    ...(file.fix_dates ? { fix_dates: rows as NonNullable<FixDatesFile["fix_dates"]> } : {}),
    ...(file.repositories
      ? {
          repositories: file.repositories.map((r, i) =>
            r.fix_commits ? { ...r, fix_commits: (fixCommits[i] ?? []) as FixCommits } : r,
          ),
        }
      : {}),
  };
}
