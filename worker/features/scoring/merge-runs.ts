import type { Judge } from "../../../lib/llm/judge";
import { boundCrossRunCalls, mergeCrossRunDuplicates, orderedPairKey } from "../../../lib/scoring/cross-run";
import type { DisjointSet } from "../../../lib/scoring/disjoint-set";
import type { PairBuffer } from "../../../lib/scoring/pair-buffer";
import type { Claim } from "./claim-submission";
import { callableCollector, judgeCrossRunBatches } from "./cross-run-batches";
import type { BatchOptions } from "./judge-batches";
import type { JudgeRunner } from "../../shared/judge/judge-runner";
import { pairRequest, readCachedVerdicts, requestKey, type JudgeRequest } from "../../shared/judge/verdict-cache";
import type { LoadedFinding } from "./load-scoring-input";
import type { Progress } from "./scoring-types";
import { createYielder } from "./yielder";
import { writeCrossRunPairs } from "../../../lib/server/scoring/scoring-attempt-store";

// Repeated runs: the I/O around lib/scoring/cross-run.ts. Candidates are pairs of findings within one run or of two
// runs. The cached verdicts of every candidate are read first (a window at a time, kept as one byte a candidate),
// which bounds the calls this phase can make before it makes any (in batch mode the candidates within that bound are
// answered through batches, cross-run-batches.ts); then candidates are judged strongest first behind a deterministic
// window of calls, skipping pairs already connected; decided pairs are kept compactly and written as
// CrossRunPair rows of the attempt at the end (within-run pairs among them: both findings in one run), each with its
// verdict and the verdict's match (what rebuilds the attempt's groups on read, lib/server/analyses/subset-curves.ts).

/** `bound`: the most calls the phase could make when it started (boundCrossRunCalls); -1 before it is known. */
/** Duplicate candidates within and across runs; `withinCompared` / `withinKept` are the part within runs. */
export type CrossRunFigures = {
  compared: number;
  kept: number;
  withinCompared: number;
  withinKept: number;
  judged: number;
  cached: number;
  skipped: number;
  bound: number;
};

// Candidates per cache read and per write: building, serialising and sending a window happens in one turn of the
// event loop, which at 5,000 rows took 150-230 ms on this 2-core machine; 1,000 keep a turn to tens of milliseconds.
const WINDOW = 1_000;

export async function mergeRuns(input: {
  claim: Claim;
  findings: LoadedFinding[];
  findingIndex: Map<string, number>;
  sharedEdges: [string, string][];
  /** Cross-run candidates in judging order (orderPairsForJudging), as finding indexes. */
  crossPairs: PairBuffer;
  judge: Judge;
  runner: JudgeRunner;
  concurrency: number;
  figures: CrossRunFigures;
  /** Asked with the phase's bound before any call; false stops the phase (the budget needs an approval). */
  allowCalls: (bound: number) => Promise<boolean>;
  /** Batch mode's options (the candidates the merge may judge go through batches first); undefined when off. */
  batch: BatchOptions | undefined;
  progress: Progress;
  onProgress: (done: number, total: number) => Promise<void>;
}): Promise<{ stopped: true } | { stopped: false; set: DisjointSet; writeRows: () => Promise<void> }> {
  const { findings, crossPairs, judge } = input;
  const maybeYield = createYielder();
  // The prefilter thread hands the candidates over in judging order (strongest first).
  const candidates = {
    left: crossPairs.left.subarray(0, crossPairs.length),
    right: crossPairs.right.subarray(0, crossPairs.length),
  };

  const request = (i: number): JudgeRequest => {
    const a = findings[candidates.left[i]!]!;
    const b = findings[candidates.right[i]!]!;
    const key = orderedPairKey(a.duplicateHash, b.duplicateHash);
    const [x, y] = key.left === a.duplicateHash ? [a, b] : [b, a];
    return pairRequest(
      judge,
      { hash: key.left, text: x.duplicateText },
      { hash: key.right, text: y.duplicateText },
      crossPairs.signalsAt(i),
    );
  };

  // Cached verdicts of every candidate: 0 none, 1 "no", 2 "yes".
  const cached = new Uint8Array(candidates.left.length);
  for (let from = 0; from < cached.length; from += WINDOW) {
    const to = Math.min(cached.length, from + WINDOW);
    const requests: JudgeRequest[] = [];
    for (let i = from; i < to; i++) requests.push(request(i));
    const verdicts = await readCachedVerdicts(requests, judge);
    for (let i = from; i < to; i++) {
      const verdict = verdicts.get(requestKey(requests[i - from]!));
      if (verdict) cached[i] = verdict.match ? 2 : 1;
    }
  }
  const known = (i: number) => (cached[i] === 0 ? undefined : cached[i] === 2);
  const edges = input.sharedEdges.map(([a, b]) => [input.findingIndex.get(a)!, input.findingIndex.get(b)!] as const);
  const callable = callableCollector(input.batch, judge, cached.length);
  input.figures.bound = await boundCrossRunCalls({
    findingCount: findings.length,
    edges,
    candidates,
    known,
    pause: maybeYield,
    onCallable: callable?.add,
  });
  if (!(await input.allowCalls(input.figures.bound))) return { stopped: true };
  // Batch mode (cross-run-batches.ts): the candidates the merge may judge are answered through batches first.
  const batched = callable
    ? await judgeCrossRunBatches({
        claim: input.claim,
        judge,
        runner: input.runner,
        options: input.batch,
        progress: input.progress,
        candidates: cached.length,
        callable: callable.indexes(),
        request,
      })
    : undefined;

  // How each candidate was decided (1 cached, 2 judged; 0 skipped or undecided), for the rows written at the end.
  const how = new Uint8Array(candidates.left.length);
  let lastReported = 0;
  const result = await mergeCrossRunDuplicates({
    findingCount: findings.length,
    edges,
    candidates,
    known: (i) => {
      const verdict = known(i);
      if (verdict !== undefined) how[i] = 1;
      return verdict;
    },
    judge: async (i) => {
      // A batch line's verdict is the call's reply: the merge judges and skips what it does without batches.
      const line = batched?.[i] ?? 0;
      const match = line === 0 ? await input.runner.decide(request(i)) : line === 2;
      if (match !== undefined) how[i] = 2;
      return match;
    },
    concurrency: input.concurrency,
    windowSize: WINDOW,
    onProgress: (done, total) => {
      if (done - lastReported >= 20_000 || done === total) {
        lastReported = done;
        void input.onProgress(done, total).catch(() => undefined);
      }
    },
  });
  Object.assign(input.figures, { judged: result.judged, cached: result.known, skipped: result.skipped });

  const writeRows = async () => {
    const decided: number[] = [];
    for (let i = 0; i < how.length; i++) if (how[i]! > 0) decided.push(i);
    for (let start = 0; start < decided.length; start += WINDOW) {
      await maybeYield();
      const slice = decided.slice(start, start + WINDOW);
      const requests = slice.map(request);
      const verdicts = await readCachedVerdicts(requests, judge);
      await maybeYield();
      await writeCrossRunPairs(
        slice.map((i, k) => {
          const verdict = verdicts.get(requestKey(requests[k]!));
          return {
            attemptId: input.claim.attemptId,
            submissionId: input.claim.submissionId,
            leftId: findings[candidates.left[i]!]!.id,
            rightId: findings[candidates.right[i]!]!.id,
            decision: how[i] === 1 ? "cached" : "judged",
            verdictId: verdict?.id ?? null,
            match: verdict?.match ?? null,
          };
        }),
      );
    }
  };
  return { stopped: false, set: result.set, writeRows };
}
