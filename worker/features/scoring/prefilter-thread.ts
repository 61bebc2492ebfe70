// The six-signal prefilter (lib/scoring/prefilter.ts) in a worker thread of its own (docs/performance.md).
//
// Token sets, IDF tables and the kept pairs of a repeated-run submission are hundreds of megabytes of short-lived
// objects. On the scoring worker's event loop they made its heap large, and collecting a large heap paused that loop
// (lock renewal, judge replies, progress) for 200 ms and more. Here they live and die in this thread's heap, the work
// runs on the second core, and what comes back is compact typed arrays, transferred, not copied.
//
// The reference side (token sets of the benchmark version's reference bugs and their embeddings) is prepared once
// and kept for later jobs; the client (prefilter-client.ts) says which versions to keep, so it always knows what
// this thread holds. Bugs arrive in chunks so no single message holds the client's loop while it is serialised.
//
// This module runs inside the thread only; it reads no database, network or secret.

import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import { orderPairsForJudging } from "../../../lib/scoring/cross-run";
import { PairBuffer, type PairArrays } from "../../../lib/scoring/pair-buffer";
import {
  generateCandidatePairs,
  prepareBugs,
  type Embeddings,
  type PreparedSide,
} from "../../../lib/scoring/prefilter";
import type { BugText, Thresholds } from "../../../lib/scoring/types";

/** One kind of embedding for a chunk of bugs: row i is bug i's vector when present[i] is 1. */
export type PackedVectors = { dims: number; vectors: Float32Array; present: Uint8Array };

export type PrefilterMessage =
  | {
      type: "start";
      job: number;
      referenceKey: string;
      /** Reference versions the client keeps track of; the thread drops any other. */
      keep: string[];
      /** The reference bugs follow in "bugs" messages when the thread does not hold this version yet. */
      sendsReference: boolean;
      runSizes: number[];
      thresholds: Thresholds;
    }
  | {
      type: "bugs";
      job: number;
      side: "reference" | "findings";
      bugs: BugText[];
      fullText: PackedVectors;
      description: PackedVectors;
    }
  | { type: "run"; job: number }
  /** The client could not send the whole job: the thread forgets it. */
  | { type: "cancel"; job: number };

export type PrefilterResult = {
  /** Finding index (runs in order, findings in order) against reference index (order of the reference bugs). */
  reference: PairArrays;
  referenceCompared: number;
  /**
   * Duplicate candidates, finding index against finding index: for a repeated-run submission, the pairs within each
   * run (left the earlier finding) and of every pair of runs (left from the earlier run), all in one judging order
   * (lib/scoring/cross-run.ts#orderPairsForJudging: strongest first, then prefilter order).
   */
  crossRun: PairArrays;
  crossRunCompared: number;
  /** Of the above: pairs within a run compared, and kept. */
  withinRunCompared: number;
  withinRunKept: number;
};

export type PrefilterReply =
  | { type: "progress"; job: number; done: number; total: number }
  | { type: "result"; job: number; result: PrefilterResult }
  | { type: "error"; job: number; message: string };

type ThreadReference = { bugs: BugText[]; prepared: PreparedSide; embeddings: Embeddings };

type Job = {
  referenceKey: string;
  runSizes: number[];
  thresholds: Thresholds;
  reference: { bugs: BugText[]; embeddings: Embeddings } | undefined;
  findings: BugText[];
  embeddings: Embeddings;
};

// A job leaves hundreds of megabytes of garbage in this heap, and an idle thread is not collected: it would stay in
// the worker's memory for the rest of the scoring (the judge and write phases). This thread collects its heap after
// each job instead, with the collector V8 exposes on request (the way Jest's leak detector reaches it); the pause is
// this thread's own.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const references = new Map<string, ThreadReference>();
const jobs = new Map<number, Job>();
const PROGRESS_EVERY_MS = 250;

function addVectors(target: Map<string, Float32Array>, bugs: BugText[], packed: PackedVectors): void {
  bugs.forEach((bug, i) => {
    if (packed.present[i]) target.set(bug.id, packed.vectors.subarray(i * packed.dims, (i + 1) * packed.dims));
  });
}

function receive(message: PrefilterMessage): void {
  if (message.type === "start") {
    for (const key of references.keys()) if (!message.keep.includes(key)) references.delete(key);
    jobs.set(message.job, {
      referenceKey: message.referenceKey,
      runSizes: message.runSizes,
      thresholds: message.thresholds,
      reference: message.sendsReference
        ? { bugs: [], embeddings: { fullText: new Map(), description: new Map() } }
        : undefined,
      findings: [],
      embeddings: { fullText: new Map(), description: new Map() },
    });
    return;
  }
  if (message.type === "cancel") {
    jobs.delete(message.job);
    return;
  }
  const job = jobs.get(message.job);
  if (!job) throw new Error(`prefilter job ${message.job} was never started`);
  if (message.type === "bugs") {
    const target = message.side === "reference" ? job.reference : { bugs: job.findings, embeddings: job.embeddings };
    if (!target) throw new Error(`prefilter job ${message.job} was sent reference bugs it did not announce`);
    for (const bug of message.bugs) target.bugs.push(bug);
    addVectors(target.embeddings.fullText, message.bugs, message.fullText);
    addVectors(target.embeddings.description, message.bugs, message.description);
    return;
  }
  jobs.delete(message.job);
  const result = runJob(message.job, job);
  job.findings = [];
  job.embeddings = { fullText: new Map(), description: new Map() };
  parentPort!.postMessage({ type: "result", job: message.job, result } satisfies PrefilterReply, [
    result.reference.left.buffer,
    result.reference.right.buffer,
    result.reference.signals.buffer,
    result.crossRun.left.buffer,
    result.crossRun.right.buffer,
    result.crossRun.signals.buffer,
  ]);
  if (jobs.size === 0) collectGarbage();
}

function referenceSide(job: Job): ThreadReference {
  if (job.reference) {
    const side = {
      bugs: job.reference.bugs,
      prepared: prepareBugs(job.reference.bugs),
      embeddings: job.reference.embeddings,
    };
    references.set(job.referenceKey, side);
    return side;
  }
  const side = references.get(job.referenceKey);
  if (!side) throw new Error(`the prefilter thread does not hold reference version ${job.referenceKey}`);
  return side;
}

function runJob(jobId: number, job: Job): PrefilterResult {
  const reference = referenceSide(job);
  const runs: { offset: number; bugs: BugText[] }[] = [];
  let offset = 0;
  for (const size of job.runSizes) {
    runs.push({ offset, bugs: job.findings.slice(offset, offset + size) });
    offset += size;
  }
  if (offset !== job.findings.length)
    throw new Error(`prefilter job ${jobId} expected ${offset} findings, received ${job.findings.length}`);
  const prepared = runs.map((run) => prepareBugs(run.bugs));
  // One map per kind holding both sides, as the prefilter reads it (ids are unique across both).
  const embeddings: Embeddings = {
    fullText: new Map([...reference.embeddings.fullText, ...job.embeddings.fullText]),
    description: new Map([...reference.embeddings.description, ...job.embeddings.description]),
  };
  const indexOf = (side: { offset: number; bugs: BugText[] }) =>
    new Map(side.bugs.map((bug, i) => [bug.id, side.offset + i]));
  const referenceIndex = indexOf({ offset: 0, bugs: reference.bugs });
  const findingIndexes = runs.map(indexOf);

  // Progress in compared pairs: the same-repository pairs of every comparison below.
  const pairsBetween = (a: PreparedSide, b: PreparedSide) => {
    let n = 0;
    for (const [repo, group] of a.byRepo) n += group.bugs.length * (b.byRepo.get(repo)?.bugs.length ?? 0);
    return n;
  };
  // Duplicates within a run are looked for when there are several runs (§A.4: a single run's score counts reported
  // findings and has no union).
  const repeated = prepared.length > 1;
  const pairsWithin = (a: PreparedSide) => {
    let n = 0;
    for (const group of a.byRepo.values()) n += (group.bugs.length * (group.bugs.length - 1)) / 2;
    return n;
  };
  let total = 0;
  for (const side of prepared) total += pairsBetween(side, reference.prepared) + (repeated ? pairsWithin(side) : 0);
  for (let i = 0; i < prepared.length; i++)
    for (let j = i + 1; j < prepared.length; j++) total += pairsBetween(prepared[i]!, prepared[j]!);
  let done = 0;
  let lastReport = performance.now();
  const report = (compared: number) => {
    done += compared;
    if (performance.now() - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = performance.now();
    parentPort!.postMessage({ type: "progress", job: jobId, done, total } satisfies PrefilterReply);
  };

  const referencePairs = new PairBuffer();
  let referenceCompared = 0;
  prepared.forEach((side, r) => {
    for (const slice of generateCandidatePairs({
      left: side,
      right: reference.prepared,
      embeddings,
      thresholds: job.thresholds,
    })) {
      referenceCompared += slice.compared;
      for (const p of slice.pairs)
        referencePairs.push(findingIndexes[r]!.get(p.leftId)!, referenceIndex.get(p.rightId)!, p.signals);
      report(slice.compared);
    }
  });
  const crossPairs = new PairBuffer();
  let withinRunCompared = 0;
  if (repeated) {
    prepared.forEach((side, r) => {
      for (const slice of generateCandidatePairs({ left: side, embeddings, thresholds: job.thresholds })) {
        withinRunCompared += slice.compared;
        for (const p of slice.pairs)
          crossPairs.push(findingIndexes[r]!.get(p.leftId)!, findingIndexes[r]!.get(p.rightId)!, p.signals);
        report(slice.compared);
      }
    });
  }
  const withinRunKept = crossPairs.length;
  // Compared pairs of the duplicate search in all: within runs, then across every pair of runs.
  let crossRunCompared = withinRunCompared;
  for (let i = 0; i < prepared.length; i++) {
    for (let j = i + 1; j < prepared.length; j++) {
      for (const slice of generateCandidatePairs({
        left: prepared[i]!,
        right: prepared[j]!,
        embeddings,
        thresholds: job.thresholds,
      })) {
        crossRunCompared += slice.compared;
        for (const p of slice.pairs)
          crossPairs.push(findingIndexes[i]!.get(p.leftId)!, findingIndexes[j]!.get(p.rightId)!, p.signals);
        report(slice.compared);
      }
    }
  }
  return {
    reference: referencePairs.toArrays(),
    referenceCompared,
    crossRun: orderPairsForJudging(crossPairs, job.thresholds).toArrays(),
    crossRunCompared,
    withinRunCompared,
    withinRunKept,
  };
}

parentPort!.on("message", (message: PrefilterMessage) => {
  try {
    receive(message);
  } catch (error) {
    jobs.delete(message.job);
    parentPort!.postMessage({
      type: "error",
      job: message.job,
      message: error instanceof Error ? error.message : String(error),
    } satisfies PrefilterReply);
  }
});
