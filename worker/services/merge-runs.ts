import type { Judge } from "../../lib/llm/judge";
import { candidateStrength, mergeCrossRunDuplicates, orderCandidates, orderedPairKey } from "../../lib/scoring/cross-run";
import type { DisjointSet } from "../../lib/scoring/disjoint-set";
import type { PairBuffer } from "../../lib/scoring/pair-buffer";
import { PAPER_THRESHOLDS } from "../../lib/scoring/thresholds";
import type { Claim } from "./claim-submission";
import { readCachedVerdicts, requestKey, type JudgeRequest, type JudgeRunner, type Verdict } from "./judge-pairs";
import type { LoadedFinding } from "./load-scoring-input";
import { createYielder } from "./stream-candidate-pairs";
import { writeCrossRunPairs } from "./write-attempt";

// Repeated runs: the I/O around lib/scoring/cross-run.ts. Candidates are judged strongest first, a window at a time
// (the window's cached verdicts read in one go), skipping pairs already connected; decided pairs are kept compactly
// and written as CrossRunPair rows of the attempt at the end.

export type CrossRunFigures = { compared: number; kept: number; judged: number; cached: number; skipped: number };

const WINDOW = 5_000;

export async function mergeRuns(input: {
  claim: Claim;
  findings: LoadedFinding[];
  findingIndex: Map<string, number>;
  sharedEdges: [string, string][];
  crossPairs: PairBuffer;
  judge: Judge;
  runner: JudgeRunner;
  concurrency: number;
  figures: CrossRunFigures;
  onProgress: (done: number, total: number) => Promise<void>;
}): Promise<{ set: DisjointSet; writeRows: () => Promise<void> }> {
  const { findings, crossPairs, judge } = input;
  const strength = new Float32Array(crossPairs.length);
  const maybeYield = createYielder();
  for (let i = 0; i < crossPairs.length; i++) {
    strength[i] = candidateStrength(crossPairs.signalsAt(i), PAPER_THRESHOLDS);
    if (i % 10_000 === 0) await maybeYield();
  }
  // Candidates keep their buffer position in `origin` so their signals stay reachable after ordering.
  const ordered = orderCandidates(Int32Array.from({ length: crossPairs.length }, (_, i) => i), new Int32Array(crossPairs.length), strength);
  const origin = ordered.left;
  const candidates = { left: Int32Array.from(origin, (i) => crossPairs.left[i]!), right: Int32Array.from(origin, (i) => crossPairs.right[i]!) };

  const request = (i: number): JudgeRequest => {
    const a = findings[candidates.left[i]!]!;
    const b = findings[candidates.right[i]!]!;
    const key = orderedPairKey(a.duplicateHash, b.duplicateHash);
    const [x, y] = key.left === a.duplicateHash ? [a, b] : [b, a];
    const signals = crossPairs.signalsAt(origin[i]!);
    return { leftHash: key.left, rightHash: key.right, configHash: judge.configHash(signals), left: x.duplicateText, right: y.duplicateText, signals };
  };
  let windowVerdicts = new Map<string, Verdict>();
  // How each candidate was decided (1 cached, 2 judged; 0 skipped or undecided), for the rows written at the end.
  const how = new Uint8Array(candidates.left.length);
  let lastReported = 0;
  const result = await mergeCrossRunDuplicates({
    findingCount: findings.length,
    edges: input.sharedEdges.map(([a, b]) => [input.findingIndex.get(a)!, input.findingIndex.get(b)!] as const),
    candidates,
    prefetch: async (from, to) => {
      const requests = [];
      for (let i = from; i < to; i++) requests.push(request(i));
      windowVerdicts = await readCachedVerdicts(requests, judge);
    },
    known: (i) => {
      const verdict = windowVerdicts.get(requestKey(request(i)));
      if (verdict) how[i] = 1;
      return verdict?.match;
    },
    judge: async (i) => {
      const match = await input.runner.decide(request(i));
      if (match !== undefined) how[i] = 2;
      return match;
    },
    concurrency: input.concurrency,
    windowSize: WINDOW,
    onProgress: (done, total) => {
      if (done - lastReported >= WINDOW * 4 || done === total) {
        lastReported = done;
        void input.onProgress(done, total).catch(() => undefined);
      }
    },
  });
  Object.assign(input.figures, { judged: result.judged, cached: result.known, skipped: result.skipped });

  const writeRows = async () => {
    const decided: number[] = [];
    how.forEach((value, i) => value > 0 && decided.push(i));
    for (let start = 0; start < decided.length; start += WINDOW) {
      const slice = decided.slice(start, start + WINDOW);
      const requests = slice.map(request);
      const verdicts = await readCachedVerdicts(requests, judge);
      await writeCrossRunPairs(
        slice.map((i, k) => ({
          attemptId: input.claim.attemptId,
          submissionId: input.claim.submissionId,
          leftId: findings[candidates.left[i]!]!.id,
          rightId: findings[candidates.right[i]!]!.id,
          decision: how[i] === 1 ? "cached" : "judged",
          verdictId: verdicts.get(requestKey(requests[k]!))?.id ?? null,
        })),
      );
    }
  };
  return { set: result.set, writeRows };
}
