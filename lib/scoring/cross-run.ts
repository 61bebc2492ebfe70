// Repeated runs (§4.3, §A.4): the rules that decide which findings stand for one bug report, within a run and across
// runs.
//
// Findings are merged into connected components of same-root-cause edges. Two kinds of edge exist:
//   - findings matched to a common reference bug share its root cause (whatever their runs);
//   - the judge decides a duplicate candidate pair (two findings of one run, or of two runs, kept by the same
//     six-signal prefilter) to be duplicates.
// An edge between two findings already in one component changes no component, so a candidate whose ends are already
// connected is never judged. The components are exactly those of judging every candidate: a skipped pair's ends are
// connected by edges that the all-pairs graph also holds, and every judged edge is one of the all-pairs edges
// (cross-run.test.ts checks this against an all-pairs reference implementation).

import { DisjointSet } from "./disjoint-set";
import type { PairBuffer } from "./pair-buffer";
import { SIGNAL_NAMES } from "./thresholds";
import type { SignalValues, Thresholds } from "./types";

/**
 * The one key of an unordered pair of texts: same-root-cause is symmetric, so (a, b) and (b, a) share one verdict.
 * Returns the two hashes in key order and the key.
 */
export function orderedPairKey(hashA: string, hashB: string): { left: string; right: string; key: string } {
  const [left, right] = hashA <= hashB ? [hashA, hashB] : [hashB, hashA];
  return { left, right, key: `${left}:${right}` };
}

/**
 * How strongly the prefilter points at a pair: the largest ratio of a signal to its threshold (>= 1 for a kept pair).
 * Judging the strongest candidates first connects true duplicates early, so more of the weaker ones are skipped.
 */
export function candidateStrength(signals: SignalValues, thresholds: Thresholds): number {
  let strength = 0;
  for (const name of SIGNAL_NAMES)
    strength = Math.max(strength, thresholds[name] > 0 ? signals[name] / thresholds[name] : 0);
  return strength;
}

/**
 * Same-root-cause edges from matches: every finding matched to a reference bug is linked to the first finding
 * matched to it, in any run. (Linking only across runs left duplicates within one run apart while later runs merged,
 * so the components depended on which run a duplicate came first in.)
 */
export function referenceSharedEdges(
  matches: Iterable<{ findingId: string; referenceId: string }>,
): [string, string][] {
  const firstByReference = new Map<string, string>();
  const edges: [string, string][] = [];
  for (const match of matches) {
    const first = firstByReference.get(match.referenceId);
    if (first === undefined) firstByReference.set(match.referenceId, match.findingId);
    else if (first !== match.findingId) edges.push([first, match.findingId]);
  }
  return edges;
}

/** Candidate cross-run pairs in judging order, as finding indexes (see orderCandidates). */
export type CrossRunCandidates = { left: Int32Array; right: Int32Array };

/**
 * The judging order of candidates: strongest first; ties keep their input position, so the order, and so the calls
 * made, are reproducible. One comparator-free numeric sort of packed keys (strength quantised to 1e-5, then
 * position): a million candidates sort in a fraction of the time a comparator takes.
 */
function judgingOrder(strength: Float32Array): Int32Array {
  const n = strength.length;
  const order = new Int32Array(n);
  const SLOTS = 2 ** 24;
  if (n < SLOTS) {
    // -quantised strength * 2^24 + position stays below 2^53 (strength <= 1 / smallest threshold = 50).
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = -Math.round(strength[i]! * 1e5) * SLOTS + i;
    keys.sort();
    for (let k = 0; k < n; k++) order[k] = ((keys[k]! % SLOTS) + SLOTS) % SLOTS;
  } else {
    const positions = Array.from({ length: n }, (_, i) => i);
    positions.sort((a, b) => Math.round(strength[b]! * 1e5) - Math.round(strength[a]! * 1e5) || a - b);
    order.set(positions);
  }
  return order;
}

/** Candidates (left[i], right[i]) of the given strengths, in judging order (judgingOrder). */
export function orderCandidates(left: Int32Array, right: Int32Array, strength: Float32Array): CrossRunCandidates {
  const order = judgingOrder(strength);
  return { left: Int32Array.from(order, (i) => left[i]!), right: Int32Array.from(order, (i) => right[i]!) };
}

/** Kept cross-run pairs, signals included, in judging order (candidateStrength, then judgingOrder). */
export function orderPairsForJudging(pairs: PairBuffer, thresholds: Thresholds): PairBuffer {
  const strength = new Float32Array(pairs.length);
  for (let i = 0; i < pairs.length; i++) strength[i] = candidateStrength(pairs.signalsAt(i), thresholds);
  return pairs.permuted(judgingOrder(strength));
}

export type CrossRunMergeInput = {
  findingCount: number;
  /** Edges known without the judge (shared reference bugs), as finding indexes. */
  edges: Iterable<readonly [number, number]>;
  candidates: CrossRunCandidates;
  /** A verdict already known for candidate i (cache), synchronously; undefined when it must be judged. */
  known: (i: number) => boolean | undefined;
  /** Called before known() is asked about candidates [from, to), e.g. to read their cached verdicts in one query. */
  prefetch?: (from: number, to: number) => Promise<void>;
  /** Judges candidate i: true / false, or undefined when the judge could not decide. */
  judge: (i: number) => Promise<boolean | undefined>;
  concurrency: number;
  windowSize?: number;
  /** Calls a candidate may be behind on (JUDGE_WINDOW); the calls made depend on it, so it stays fixed between scorings. */
  judgeWindow?: number;
  onProgress?: (examined: number, total: number) => void;
};

export type CrossRunMergeResult = {
  set: DisjointSet;
  /** Candidates sent to the judge / found decided in the cache / skipped because their ends were connected. */
  judged: number;
  known: number;
  skipped: number;
  undecided: number[];
  /** Candidates decided to be duplicates (judged or known), as indexes into the candidates. */
  duplicates: number[];
};

/**
 * Merges findings into components: known edges and every known (cached) verdict first, then the other candidates in
 * order, each skipped when its ends are connected by the edges known when it is reached (a deterministic window behind
 * the calls in flight), at most `concurrency` judge calls in flight. Applying what is known before judging anything makes the call count bounded in advance
 * (boundCrossRunCalls) and lets a rescore with a warm cache reach every candidate with at least the connections the
 * first scoring had, so it makes no call.
 */
export async function mergeCrossRunDuplicates(input: CrossRunMergeInput): Promise<CrossRunMergeResult> {
  const set = new DisjointSet(input.findingCount);
  for (const [a, b] of input.edges) set.union(a, b);
  const { left, right } = input.candidates;
  const total = left.length;
  const windowSize = input.windowSize ?? 5_000;
  const result: CrossRunMergeResult = { set, judged: 0, known: 0, skipped: 0, undecided: [], duplicates: [] };

  // Known verdicts first (a cached "no" is as final as a "yes": neither needs a call).
  const decided = new Uint8Array(total);
  for (let from = 0; from < total; from += windowSize) {
    const to = Math.min(total, from + windowSize);
    await input.prefetch?.(from, to);
    for (let i = from; i < to; i++) {
      const known = input.known(i);
      if (known === undefined) continue;
      decided[i] = 1;
      result.known++;
      if (known) {
        result.duplicates.push(i);
        set.union(left[i]!, right[i]!);
      }
    }
    // Hundreds of thousands of candidates: the event loop is handed back once a window.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  // Deterministic sliding window: candidates are examined in judging order, and one is judged unless its ends are
  // connected by the edges known so far and the "yes" verdicts of every call made before it except the last
  // `judgeWindow - 1`. Verdicts are applied in call order, each exactly when the next examination needs it, so which
  // candidates are judged, and so the calls, the stored verdicts and the pair rows, depends on the verdicts and never
  // on the order replies arrive in or on the concurrency. Unlike waves (a batch judged, then joined), the pool is
  // refilled as each call ends: it idles only when the oldest unapplied call is `judgeWindow` calls behind.
  const judgeWindow = Math.max(1, input.judgeWindow ?? JUDGE_WINDOW);
  const concurrency = Math.max(1, input.concurrency);
  const calls: number[] = [];
  const verdicts: (boolean | undefined)[] = [];
  const back: boolean[] = [];
  let started = 0;
  let inFlight = 0;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const replied = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const startCalls = () => {
    while (!failure && inFlight < concurrency && started < calls.length) {
      const k = started++;
      inFlight++;
      input
        .judge(calls[k]!)
        .then(
          (match) => {
            verdicts[k] = match;
            back[k] = true;
          },
          (error: unknown) => {
            failure ??= { error };
          },
        )
        .finally(() => {
          inFlight--;
          startCalls();
          replied();
        });
    }
  };
  const nextReply = () => new Promise<void>((resolve) => (wake = resolve));
  let applied = 0;
  const applyNext = () => {
    const k = applied++;
    const i = calls[k]!;
    const match = verdicts[k];
    if (match === undefined) result.undecided.push(i);
    else if (match) {
      result.duplicates.push(i);
      set.union(left[i]!, right[i]!);
    }
  };
  let cursor = 0;
  while (!failure) {
    // The verdicts every examination from here on must see: all calls but the last `judgeWindow - 1`.
    const needed = cursor < total ? Math.max(0, calls.length + 1 - judgeWindow) : calls.length;
    if (applied < needed) {
      if (back[applied]) applyNext();
      else await nextReply();
      continue;
    }
    if (cursor >= total) break;
    const i = cursor++;
    if (!decided[i]) {
      if (set.connected(left[i]!, right[i]!)) result.skipped++;
      else {
        calls.push(i);
        startCalls();
      }
    }
    // Long runs of skipped candidates hand the event loop back now and then.
    if (cursor % windowSize === 0) {
      input.onProgress?.(cursor, total);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  // The first failure stops further calls and is rethrown once the calls in flight have ended.
  while (inFlight > 0) await nextReply();
  if (failure) throw failure.error;
  result.judged = calls.length;
  input.onProgress?.(total, total);
  result.duplicates.sort((a, b) => a - b);
  return result;
}

/**
 * Calls a candidate may be behind on (mergeCrossRunDuplicates): it is judged knowing every verdict but those of the
 * last JUDGE_WINDOW - 1 calls before it. Fixed, so the calls never depend on concurrency; above JUDGE_CONCURRENCY, so
 * the pool stays full.
 */
const JUDGE_WINDOW = 1_024;

/**
 * The most judge calls mergeCrossRunDuplicates can make for these candidates: those without a known verdict whose
 * ends are not already connected by the given edges and the known "yes" verdicts. Sound because the merge applies
 * exactly these edges before its first call and only adds edges afterwards, so every other candidate is either known
 * or skipped. (Without verdicts nothing tighter is sound: a judge that says "no" to every pair is asked about each.)
 * As judging proceeds the real count falls further below it: every "yes" may connect later candidates.
 */
export async function boundCrossRunCalls(input: {
  findingCount: number;
  edges: Iterable<readonly [number, number]>;
  candidates: CrossRunCandidates;
  known: (i: number) => boolean | undefined;
  /** Called every few thousand candidates, so a long count can hand the event loop back. */
  pause?: () => Promise<void> | undefined;
  /** Told each candidate counted, in order: the candidates the merge may judge (batch mode submits them). */
  onCallable?: (i: number) => void;
}): Promise<number> {
  const set = new DisjointSet(input.findingCount);
  for (const [a, b] of input.edges) set.union(a, b);
  const { left, right } = input.candidates;
  for (let i = 0; i < left.length; i++) {
    if (input.known(i) === true) set.union(left[i]!, right[i]!);
    if (i % 4_096 === 0) await input.pause?.();
  }
  let bound = 0;
  for (let i = 0; i < left.length; i++) {
    if (input.known(i) === undefined && !set.connected(left[i]!, right[i]!)) {
      bound++;
      input.onCallable?.(i);
    }
    if (i % 4_096 === 0) await input.pause?.();
  }
  return bound;
}
