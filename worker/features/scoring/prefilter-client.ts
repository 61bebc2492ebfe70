import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { PairBuffer } from "../../../lib/scoring/pair-buffer";
import { startThread as startTsThread, type ThreadClient } from "../../../lib/thread-client";
import type { Embeddings } from "../../../lib/scoring/prefilter";
import type { BugText, Thresholds } from "../../../lib/scoring/types";
import type { PackedVectors, PrefilterMessage, PrefilterReply, PrefilterResult } from "./prefilter-thread";

// The scoring worker's side of the prefilter thread (prefilter-thread.ts says why it is a thread). One thread per
// process, started on first use and kept: it holds the prepared reference side of the versions scored last, so a
// version's reference bugs are tokenised once, not per submission. A thread that fails or exits is replaced on the
// next use; the job it was running fails with the reason (and is retried like any scoring failure).

/** Reference versions the thread keeps prepared (the most recently used). */
const KEPT_REFERENCES = 2;
/** Bugs per message: serialising one holds this loop for a few milliseconds at most. */
const CHUNK = 500;

type Pending = {
  referenceKey: string;
  resolve: (result: PrefilterResult) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
};
// `posting`: reference versions whose sending job has not yet posted its "run" message. The thread stores a
// reference side when that job runs and handles messages in order, so a job using the same version without sending
// it posts its own "run" only after the sender's.
type Thread = ThreadClient<Pending> & { references: string[]; posting: Map<string, Promise<void>> };

let thread: Thread | undefined;
let nextJob = 1;

// The thread runs TypeScript like the rest of the worker (lib/thread-client.ts starts it).
function startThread(): Thread {
  const started: Thread = Object.assign(
    startTsThread<PrefilterReply, Pending>({
      name: "the prefilter thread",
      entry: new URL("./prefilter-thread.ts", import.meta.url).href,
      tsx: { url: import.meta.resolve("tsx/esm/api") },
      onMessage: (reply) => {
        const pending = started.pending.get(reply.job);
        if (!pending) return;
        if (reply.type === "progress") return pending.onProgress?.(reply.done, reply.total);
        started.pending.delete(reply.job);
        if (reply.type === "result") return pending.resolve(reply.result);
        // The failed job may have left its reference side half received: it is sent again next time.
        started.references = started.references.filter((key) => key !== pending.referenceKey);
        pending.reject(new Error(`prefilter: ${reply.message}`));
      },
      onFail: () => {
        if (thread === started) thread = undefined;
      },
    }),
    { references: [] as string[], posting: new Map<string, Promise<void>>() },
  );
  return started;
}

/** Packs the embeddings of a chunk of bugs into one array per kind (one buffer to send instead of one per bug). */
function pack(bugs: BugText[], vectors: Map<string, Float32Array>): PackedVectors {
  let dims = 0;
  for (const bug of bugs) {
    const vector = vectors.get(bug.id);
    if (vector) {
      dims = vector.length;
      break;
    }
  }
  const packed = { dims, vectors: new Float32Array(bugs.length * dims), present: new Uint8Array(bugs.length) };
  bugs.forEach((bug, i) => {
    const vector = vectors.get(bug.id);
    if (!vector) return;
    // The prefilter checks dimensions across sides (packEmbeddings); inside one chunk they must agree to be packed.
    if (vector.length !== dims)
      throw new Error(`embedding of ${bug.id} has ${vector.length} dimensions, expected ${dims}`);
    packed.vectors.set(vector, i * dims);
    packed.present[i] = 1;
  });
  return packed;
}

/** Only the fields the signals read: a finding's judge texts and hashes stay on this side. */
const bugText = (b: BugText): BugText => ({
  id: b.id,
  repo: b.repo,
  file: b.file,
  lineStart: b.lineStart,
  lineEnd: b.lineEnd,
  title: b.title,
  description: b.description,
  codeSnippet: b.codeSnippet,
});

export type PrefilterInput = {
  /** Identifies the reference side's exact texts and embeddings (loadReferenceSide's key). */
  referenceKey: string;
  reference: { bugs: BugText[]; embeddings: Embeddings };
  runs: BugText[][];
  embeddings: Embeddings;
  thresholds: Thresholds;
  onProgress?: (done: number, total: number) => void;
};

/**
 * Each run against the reference bugs, then (several runs) each run against itself and every pair of runs, in the
 * prefilter thread. `crossPairs` holds the duplicate candidates within and across runs; `crossCompared` counts both,
 * `withinCompared` / `withinKept` the part within runs.
 */
export async function prefilterInThread(input: PrefilterInput): Promise<{
  referencePairs: PairBuffer;
  referenceCompared: number;
  crossPairs: PairBuffer;
  crossCompared: number;
  withinCompared: number;
  withinKept: number;
}> {
  thread ??= startThread();
  const current = thread;
  const job = nextJob++;
  const sendsReference = !current.references.includes(input.referenceKey);
  current.references = [input.referenceKey, ...current.references.filter((key) => key !== input.referenceKey)].slice(
    0,
    KEPT_REFERENCES,
  );
  const sender = current.posting.get(input.referenceKey);
  let posted: () => void = () => undefined;
  const posting = new Promise<void>((resolve) => (posted = resolve));
  if (sendsReference) current.posting.set(input.referenceKey, posting);
  const done = new Promise<PrefilterResult>((resolve, reject) =>
    current.pending.set(job, { referenceKey: input.referenceKey, resolve, reject, onProgress: input.onProgress }),
  );
  const post = (message: PrefilterMessage, transfer: ArrayBuffer[] = []) =>
    current.worker.postMessage(message, transfer);
  try {
    post({
      type: "start",
      job,
      referenceKey: input.referenceKey,
      keep: current.references,
      sendsReference,
      runSizes: input.runs.map((r) => r.length),
      thresholds: input.thresholds,
    });
    const send = async (side: "reference" | "findings", bugs: BugText[], embeddings: Embeddings) => {
      for (let from = 0; from < bugs.length; from += CHUNK) {
        const chunk = bugs.slice(from, from + CHUNK).map(bugText);
        const fullText = pack(chunk, embeddings.fullText);
        const description = pack(chunk, embeddings.description);
        post({ type: "bugs", job, side, bugs: chunk, fullText, description }, [
          fullText.vectors.buffer as ArrayBuffer,
          description.vectors.buffer as ArrayBuffer,
        ]);
        await yieldToEventLoop();
      }
    };
    if (sendsReference) await send("reference", input.reference.bugs, input.reference.embeddings);
    for (const run of input.runs) await send("findings", run, input.embeddings);
    if (!sendsReference && sender) await sender;
    post({ type: "run", job });
  } catch (error) {
    // The thread may hold part of the job: it drops it, and the reference it may not have received in full is sent
    // again next time.
    current.pending.delete(job);
    if (thread === current) post({ type: "cancel", job });
    current.references = current.references.filter((key) => key !== input.referenceKey);
    throw error;
  } finally {
    if (sendsReference) {
      posted();
      if (current.posting.get(input.referenceKey) === posting) current.posting.delete(input.referenceKey);
    }
  }
  const result = await done;
  return {
    referencePairs: PairBuffer.fromArrays(result.reference),
    referenceCompared: result.referenceCompared,
    crossPairs: PairBuffer.fromArrays(result.crossRun),
    crossCompared: result.crossRunCompared,
    withinCompared: result.withinRunCompared,
    withinKept: result.withinRunKept,
  };
}

/**
 * Starts the thread ahead of the first job, as the worker does at startup: creating it (the Worker and the loader's
 * resolution of its entry) holds this loop for tens of milliseconds, which the first scoring would otherwise take.
 */
export function startPrefilterThread(): void {
  thread ??= startThread();
}

/** Stops the thread (tests, shutdown); the next prefilter starts a new one. */
export async function stopPrefilterThread(): Promise<void> {
  const current = thread;
  thread = undefined;
  await current?.worker.terminate();
}
