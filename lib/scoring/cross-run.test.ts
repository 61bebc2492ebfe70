import { describe, expect, it } from "vitest";
import { buildRunComponents, componentsOfSet } from "./components";
import { DisjointSet } from "./disjoint-set";
import {
  boundCrossRunCalls,
  candidateStrength,
  mergeCrossRunDuplicates,
  orderCandidates,
  orderedPairKey,
  orderPairsForJudging,
  referenceSharedEdges,
} from "./cross-run";
import { PairBuffer } from "./pair-buffer";
import { createSeededRandom } from "./seeded-random";
import { PAPER_THRESHOLDS } from "./thresholds";

/** The all-pairs reference: every kept candidate judged, every duplicate edge applied. */
function allPairsComponents(
  n: number,
  edges: [number, number][],
  left: Int32Array,
  right: Int32Array,
  truth: (a: number, b: number) => boolean,
) {
  const set = new DisjointSet(n);
  for (const [a, b] of edges) set.union(a, b);
  for (let i = 0; i < left.length; i++) if (truth(left[i]!, right[i]!)) set.union(left[i]!, right[i]!);
  return set;
}

function partition(n: number, set: DisjointSet): string {
  const findings = Array.from({ length: n }, (_, i) => ({ id: String(i), runIndex: 0 }));
  return JSON.stringify(componentsOfSet(findings, set).components.map((c) => c.findingIds));
}

describe("mergeCrossRunDuplicates", () => {
  it("gives exactly the components of judging all pairs, with fewer calls (property, 300 random cases)", async () => {
    let savedCalls = 0;
    let boundSavings = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const random = createSeededRandom(seed);
      const runs = 2 + Math.floor(random() * 4);
      const perRun = 1 + Math.floor(random() * 12);
      const n = runs * perRun;
      const runOf = (i: number) => Math.floor(i / perRun);
      // Hidden root causes; the judge says "same" for equal roots, plus some noise that is not transitive.
      const root = Array.from({ length: n }, () => Math.floor(random() * Math.max(2, perRun)));
      const noise = new Set<string>();
      const truth = (a: number, b: number) =>
        root[a] === root[b] || noise.has(orderedPairKey(String(a), String(b)).key);
      const lefts: number[] = [];
      const rights: number[] = [];
      const strengths: number[] = [];
      for (let a = 0; a < n; a++) {
        for (let b = a + 1; b < n; b++) {
          // Pairs within a run are candidates too (duplicates inside one run), and drawn a little less often.
          if (random() < (runOf(a) === runOf(b) ? 0.5 : 0.3)) continue;
          if (random() < 0.05) noise.add(orderedPairKey(String(a), String(b)).key);
          lefts.push(a);
          rights.push(b);
          strengths.push(random() * 3);
        }
      }
      const edges: [number, number][] = [];
      for (let k = 0; k < random() * 4; k++) edges.push([Math.floor(random() * n), Math.floor(random() * n)]);
      const candidates = orderCandidates(Int32Array.from(lefts), Int32Array.from(rights), Float32Array.from(strengths));
      const cache = new Map<number, boolean>();
      for (let i = 0; i < candidates.left.length; i++)
        if (random() < 0.2) cache.set(i, truth(candidates.left[i]!, candidates.right[i]!));
      const callable = new Set<number>();
      const bound = await boundCrossRunCalls({
        findingCount: n,
        edges,
        candidates,
        known: (i) => cache.get(i),
        onCallable: (i) => callable.add(i),
      });
      const judged: number[] = [];
      const merged = await mergeCrossRunDuplicates({
        findingCount: n,
        edges,
        candidates,
        known: (i) => cache.get(i),
        // Verdicts come back in random order (after 0-4 microtask turns), as concurrent calls do.
        judge: async (i) => {
          judged.push(i);
          for (let tick = Math.floor(random() * 5); tick > 0; tick--) await Promise.resolve();
          return truth(candidates.left[i]!, candidates.right[i]!);
        },
        concurrency: 1 + Math.floor(random() * 6),
        windowSize: 1 + Math.floor(random() * 20),
        judgeWindow: 1 + Math.floor(random() * 8),
      });
      const reference = allPairsComponents(n, edges, candidates.left, candidates.right, truth);
      expect(partition(n, merged.set), `seed ${seed}`).toBe(partition(n, reference));
      expect(merged.judged + merged.known + merged.skipped).toBe(candidates.left.length);
      // The bound is sound (never below the calls made) and never above the old estimate (every uncached candidate).
      expect(merged.judged, `seed ${seed}`).toBeLessThanOrEqual(bound);
      // Every candidate judged is one the bound counted (batch mode submits exactly those before the merge).
      expect(callable.size).toBe(bound);
      expect(
        judged.filter((i) => !callable.has(i)),
        `seed ${seed}`,
      ).toEqual([]);
      expect(bound).toBeLessThanOrEqual(candidates.left.length - cache.size);
      savedCalls += merged.skipped;
      boundSavings += candidates.left.length - cache.size - bound;
    }
    expect(savedCalls).toBeGreaterThan(0);
    expect(boundSavings).toBeGreaterThan(0);
  });

  it("bounds the calls by the candidates not known and not connected by known edges or cached duplicates", async () => {
    // f0 - f1 shared a reference bug; f1 - f2 is a cached duplicate; f2 - f3 is a cached non-duplicate.
    const candidates = { left: Int32Array.from([0, 1, 0, 2, 3, 4]), right: Int32Array.from([1, 2, 2, 3, 4, 5]) };
    const cache = new Map<number, boolean>([
      [1, true],
      [3, false],
    ]);
    const input = { findingCount: 6, edges: [[0, 1] as const], candidates, known: (i: number) => cache.get(i) };
    // Candidates 0 and 2 are connected through known edges, 1 and 3 are cached: only 3-4 and 4-5 may need a call.
    expect(await boundCrossRunCalls(input)).toBe(2);
    const calls: number[] = [];
    const merged = await mergeCrossRunDuplicates({
      ...input,
      judge: async (i) => (calls.push(i), true),
      concurrency: 1,
    });
    expect(calls).toEqual([4, 5]);
    expect(merged).toMatchObject({ judged: 2, known: 2, skipped: 2 });
    // With a judge that says "no" to everything, the bound is reached: nothing tighter is sound before judging.
    const cold = { ...input, edges: [], known: () => undefined };
    expect(await boundCrossRunCalls(cold)).toBe(6);
    const none = await mergeCrossRunDuplicates({ ...cold, judge: async () => false, concurrency: 2 });
    expect(none.judged).toBe(6);
  });

  it("skips a pair whose ends are already connected, and makes no call with a warm cache", async () => {
    // f0 - f1 (run 0/1) and f1 - f2 (run 1/2) are duplicates; f0 - f2 is then implied.
    const candidates = { left: Int32Array.from([0, 1, 0]), right: Int32Array.from([1, 2, 2]) };
    const calls: number[] = [];
    const cold = await mergeCrossRunDuplicates({
      findingCount: 3,
      edges: [],
      candidates,
      known: () => undefined,
      judge: async (i) => (calls.push(i), true),
      concurrency: 1,
      // A window of one call: each candidate is examined knowing every verdict before it.
      judgeWindow: 1,
    });
    expect(calls).toEqual([0, 1]);
    expect(cold).toMatchObject({ judged: 2, skipped: 1, known: 0 });
    const warm = await mergeCrossRunDuplicates({
      findingCount: 3,
      edges: [],
      candidates,
      known: (i) => (i < 2 ? true : undefined),
      judge: async () => {
        throw new Error("no call expected");
      },
      concurrency: 4,
    });
    expect(warm).toMatchObject({ judged: 0, known: 2, skipped: 1 });
  });

  it("judges behind a fixed window: the calls depend on the verdicts, never on the order replies come back in", async () => {
    // f0 - f1, f1 - f2, f3 - f4, f0 - f2, f2 - f3, with a window of 2 (a candidate is examined knowing every verdict
    // but the last call's): 0-1 and 1-2 are called at once; 3-4 is examined knowing 0-1 and called; 0-2 knowing 0-1 and
    // 1-2, so it is connected and skipped; 2-3 knowing 0-1 and 1-2, and called. 3-4 is the only "no".
    const candidates = { left: Int32Array.from([0, 1, 3, 0, 2]), right: Int32Array.from([1, 2, 4, 2, 3]) };
    const runOnce = async (delays: number[], concurrency: number) => {
      const calls: number[] = [];
      const merged = await mergeCrossRunDuplicates({
        findingCount: 5,
        edges: [],
        candidates,
        known: () => undefined,
        judge: async (i) => {
          calls.push(i);
          await new Promise((resolve) => setTimeout(resolve, delays[i]));
          return i !== 2;
        },
        concurrency,
        judgeWindow: 2,
      });
      return { calls: [...calls].sort(), merged };
    };
    const a = await runOnce([5, 0, 0, 0, 5], 2);
    const b = await runOnce([0, 5, 5, 0, 0], 1);
    const c = await runOnce([5, 5, 0, 0, 0], 8);
    expect(a.calls).toEqual([0, 1, 2, 4]);
    expect(b.calls).toEqual(a.calls);
    expect(c.calls).toEqual(a.calls);
    expect(a.merged).toMatchObject({ judged: 4, skipped: 1, duplicates: [0, 1, 4] });
    expect(b.merged).toMatchObject({ judged: 4, skipped: 1, duplicates: [0, 1, 4] });
    expect(partition(5, a.merged.set)).toBe(partition(5, c.merged.set));
  });

  it("keeps the pool full: a call starts as soon as one ends, not when a batch is back", async () => {
    // 40 candidates on distinct findings (none can be skipped), concurrency 4, window 16: one slow call (candidate 0)
    // must not hold the others back while the window has room.
    const n = 40;
    const candidates = {
      left: Int32Array.from({ length: n }, (_, i) => 2 * i),
      right: Int32Array.from({ length: n }, (_, i) => 2 * i + 1),
    };
    let inFlight = 0;
    let most = 0;
    let startedWhileSlow = 0;
    let finishedOthers = 0;
    let slowDone = false;
    let releaseSlow: () => void = () => undefined;
    await mergeCrossRunDuplicates({
      findingCount: 2 * n,
      edges: [],
      candidates,
      known: () => undefined,
      judge: async (i) => {
        inFlight++;
        most = Math.max(most, inFlight);
        if (i === 0) {
          // Out until the window's other calls are back (or 2 s, should the pool wait for it).
          await new Promise<void>((resolve) => {
            releaseSlow = resolve;
            setTimeout(resolve, 2_000);
          });
          slowDone = true;
        } else {
          if (!slowDone) startedWhileSlow++;
          await new Promise((resolve) => setImmediate(resolve));
          if (++finishedOthers === 15) releaseSlow();
        }
        inFlight--;
        return false;
      },
      concurrency: 4,
      judgeWindow: 16,
    });
    expect(most).toBe(4);
    // Up to the window's edge (calls 1-15) run while call 0 is still out.
    expect(startedWhileSlow).toBe(15);
  });

  it("records undecided pairs and goes on", async () => {
    const merged = await mergeCrossRunDuplicates({
      findingCount: 4,
      edges: [],
      candidates: { left: Int32Array.from([0, 2]), right: Int32Array.from([1, 3]) },
      known: () => undefined,
      judge: async (i) => (i === 0 ? undefined : true),
      concurrency: 2,
    });
    expect(merged.undecided).toEqual([0]);
    expect(merged.set.connected(2, 3)).toBe(true);
  });
});

describe("components are built consistently", () => {
  it("merges duplicates that share a reference bug whatever their runs (two in run 0, two in run 1)", () => {
    const findings = [
      { id: "f0a", runIndex: 0 },
      { id: "f0b", runIndex: 0 },
      { id: "f1a", runIndex: 1 },
      { id: "f1b", runIndex: 1 },
    ];
    const matches = findings.map((f) => ({ findingId: f.id, referenceId: "R" }));
    // The old rule linked a finding to the first match only across runs: [f0a+f1a+f1b], [f0b].
    const { components } = buildRunComponents({ findings, sameRootCauseEdges: referenceSharedEdges(matches) });
    expect(components).toEqual([{ id: 0, findingIds: ["f0a", "f0b", "f1a", "f1b"], runs: [0, 1] }]);
  });
});

describe("pair keys and strength", () => {
  it("orders a pair one way", () => {
    expect(orderedPairKey("b", "a")).toEqual({ left: "a", right: "b", key: "a:b" });
    expect(orderedPairKey("a", "b").key).toBe(orderedPairKey("b", "a").key);
  });

  it("measures strength as the largest signal-to-threshold ratio", () => {
    const signals = {
      lineOverlap: 0.04,
      fullTextEmbedding: 0.1,
      descriptionEmbedding: 0,
      snippetTokens: 0,
      identifiers: 0.05,
      apiCalls: 0,
    };
    expect(candidateStrength(signals, PAPER_THRESHOLDS)).toBeCloseTo(2, 12);
  });

  it("orders kept pairs for judging with their signals, strongest first and ties in prefilter order", () => {
    const random = createSeededRandom(11);
    const pairs = new PairBuffer();
    const strengths: number[] = [];
    for (let i = 0; i < 3_000; i++) {
      // Coarse values, so ties are common.
      const signals = {
        lineOverlap: 0,
        fullTextEmbedding: Math.round(random() * 10) / 10,
        descriptionEmbedding: 0,
        snippetTokens: 0,
        identifiers: Math.round(random() * 4) / 10,
        apiCalls: 0,
      };
      pairs.push(i, 10_000 + i, signals);
      strengths.push(candidateStrength(signals, PAPER_THRESHOLDS));
    }
    const ordered = orderPairsForJudging(pairs, PAPER_THRESHOLDS);
    const expected = orderCandidates(
      pairs.left.subarray(0, pairs.length),
      pairs.right.subarray(0, pairs.length),
      Float32Array.from(strengths),
    );
    expect(ordered.length).toBe(3_000);
    expect([...ordered.left.subarray(0, 3_000)]).toEqual([...expected.left]);
    expect([...ordered.right.subarray(0, 3_000)]).toEqual([...expected.right]);
    for (let k = 0; k < 3_000; k++) {
      expect(ordered.signalsAt(k)).toEqual(pairs.signalsAt(ordered.left[k]!));
      if (k > 0) {
        const [a, b] = [
          candidateStrength(ordered.signalsAt(k - 1), PAPER_THRESHOLDS),
          candidateStrength(ordered.signalsAt(k), PAPER_THRESHOLDS),
        ];
        expect(a > b || (Math.abs(a - b) < 1e-5 && ordered.left[k - 1]! < ordered.left[k]!)).toBe(true);
      }
    }
  });
});
