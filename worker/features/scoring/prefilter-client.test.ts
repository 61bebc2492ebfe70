import { afterAll, describe, expect, it } from "vitest";
import { buildCandidatePairs, type Embeddings } from "../../../lib/scoring/prefilter";
import { createSeededRandom } from "../../../lib/scoring/seeded-random";
import { SIGNAL_NAMES, PAPER_THRESHOLDS } from "../../../lib/scoring/thresholds";
import type { BugText } from "../../../lib/scoring/types";
import { prefilterInThread, stopPrefilterThread } from "./prefilter-client";

// The prefilter thread must keep exactly the pairs the in-process prefilter keeps, with the same six signals, and
// index them the way scoring reads them: findings by position across runs (run order), reference bugs by position.

const WORDS = [
  "parse",
  "token",
  "buffer",
  "index",
  "offset",
  "close",
  "open",
  "lock",
  "cache",
  "retry",
  "flush",
  "limit",
];

function makeBugs(
  prefix: string,
  count: number,
  random: () => number,
  dims: number,
): { bugs: BugText[]; embeddings: Embeddings } {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const bugs: BugText[] = [];
  const embeddings: Embeddings = { fullText: new Map(), description: new Map() };
  for (let i = 0; i < count; i++) {
    const line = 1 + Math.floor(random() * 60);
    const bug: BugText = {
      id: `${prefix}${i}`,
      repo: random() < 0.5 ? "alpha" : "beta",
      file: `src/${pick()}.py`,
      lineStart: line,
      lineEnd: line + Math.floor(random() * 8),
      title: `${pick()} ${pick()}`,
      description: `${pick()} ${pick()} ${pick()} of the ${pick()}`,
      codeSnippet: `${pick()}(${pick()}); ${pick()}_${pick()}(x)`,
    };
    bugs.push(bug);
    // One bug in seven has no embedding: its cosines are 0 on both sides.
    if (i % 7 === 3) continue;
    embeddings.fullText.set(
      bug.id,
      Float32Array.from({ length: dims }, () => random() - 0.3),
    );
    embeddings.description.set(
      bug.id,
      Float32Array.from({ length: dims }, () => random() - 0.3),
    );
  }
  return { bugs, embeddings };
}

const merge = (...sides: Embeddings[]): Embeddings => ({
  fullText: new Map(sides.flatMap((s) => [...s.fullText])),
  description: new Map(sides.flatMap((s) => [...s.description])),
});

/** Kept pairs as "left|right|six signals" lines, for comparing whole sets. */
function expected(
  left: BugText[],
  right: BugText[] | undefined,
  embeddings: Embeddings,
  leftIndex: Map<string, number>,
  rightIndex: Map<string, number>,
): string[] {
  return buildCandidatePairs({ left, right, embeddings, thresholds: PAPER_THRESHOLDS })
    .pairs.map((p) =>
      [
        leftIndex.get(p.leftId),
        rightIndex.get(p.rightId),
        ...SIGNAL_NAMES.map((name) => p.signals[name].toFixed(12)),
      ].join("|"),
    )
    .sort();
}

function lines(buffer: Awaited<ReturnType<typeof prefilterInThread>>["referencePairs"]): string[] {
  const out: string[] = [];
  for (let i = 0; i < buffer.length; i++) {
    const signals = buffer.signalsAt(i);
    out.push([buffer.left[i], buffer.right[i], ...SIGNAL_NAMES.map((name) => signals[name].toFixed(12))].join("|"));
  }
  return out.sort();
}

describe("prefilterInThread", () => {
  afterAll(() => stopPrefilterThread());

  const random = createSeededRandom(7);
  const reference = makeBugs("ref", 60, random, 8);
  const runs = [makeBugs("a", 45, random, 8), makeBugs("b", 50, random, 8), makeBugs("c", 40, random, 8)];
  const findingIndex = new Map(runs.flatMap((r) => r.bugs).map((bug, i) => [bug.id, i]));
  const referenceIndex = new Map(reference.bugs.map((bug, i) => [bug.id, i]));
  const input = {
    referenceKey: "version-1",
    reference,
    runs: runs.map((r) => r.bugs),
    embeddings: merge(...runs.map((r) => r.embeddings)),
    thresholds: PAPER_THRESHOLDS,
  };

  it("keeps the pairs of the in-process prefilter, per run against the reference, within each run and across every pair of runs", async () => {
    const progress: number[] = [];
    const result = await prefilterInThread({ ...input, onProgress: (done, total) => progress.push(done / total) });
    const all = merge(reference.embeddings, input.embeddings);
    const referenceExpected = runs
      .flatMap((run) => expected(run.bugs, reference.bugs, all, findingIndex, referenceIndex))
      .sort();
    // Duplicate candidates within each run (a run against itself), then across every pair of runs.
    const withinExpected = runs.flatMap((run) => expected(run.bugs, undefined, all, findingIndex, findingIndex));
    const crossExpected: string[] = [...withinExpected];
    for (let i = 0; i < runs.length; i++) {
      for (let j = i + 1; j < runs.length; j++)
        crossExpected.push(...expected(runs[i]!.bugs, runs[j]!.bugs, all, findingIndex, findingIndex));
    }
    expect(referenceExpected.length).toBeGreaterThan(10);
    expect(crossExpected.length).toBeGreaterThan(10);
    expect(withinExpected.length).toBeGreaterThan(10);
    expect(result.withinKept).toBe(withinExpected.length);
    expect(lines(result.referencePairs)).toEqual(referenceExpected);
    expect(lines(result.crossPairs)).toEqual(crossExpected.sort());
    const sameRepository = (a: BugText[], b: BugText[]) =>
      a.reduce((n, x) => n + b.filter((y) => y.repo === x.repo).length, 0);
    expect(result.referenceCompared).toBe(runs.reduce((n, run) => n + sameRepository(run.bugs, reference.bugs), 0));
    // Within a run each unordered pair of distinct findings of one repository once.
    const withinCompared = runs.reduce((n, run) => n + (sameRepository(run.bugs, run.bugs) - run.bugs.length) / 2, 0);
    expect(result.withinCompared).toBe(withinCompared);
    expect(result.crossCompared).toBe(
      withinCompared +
        sameRepository(runs[0]!.bugs, runs[1]!.bugs) +
        sameRepository(runs[0]!.bugs, runs[2]!.bugs) +
        sameRepository(runs[1]!.bugs, runs[2]!.bugs),
    );
    expect(progress.every((p) => p >= 0 && p <= 1)).toBe(true);
    // The buffers grow like any PairBuffer after the transfer.
    result.crossPairs.push(1, 2, result.crossPairs.signalsAt(0));
    expect(result.crossPairs.length).toBe(crossExpected.length + 1);
  });

  it("serves a job that uses a reference version another job is still sending", async () => {
    // The sender's reference takes several messages; the second job, sending none, must not run before it is held.
    const big = makeBugs("big", 1_200, createSeededRandom(11), 8);
    const sending = prefilterInThread({ ...input, referenceKey: "version-race", reference: big });
    const using = prefilterInThread({
      ...input,
      referenceKey: "version-race",
      reference: { bugs: [], embeddings: { fullText: new Map(), description: new Map() } },
      runs: [runs[0]!.bugs],
      embeddings: runs[0]!.embeddings,
    });
    const [, second] = await Promise.all([sending, using]);
    expect(second.referenceCompared).toBeGreaterThan(0);
  });

  it("reuses the reference side it holds, and the result does not change", async () => {
    const first = await prefilterInThread(input);
    // The thread must use what it kept: the texts sent now are ignored (and would give other pairs).
    const second = await prefilterInThread({
      ...input,
      reference: { bugs: [], embeddings: { fullText: new Map(), description: new Map() } },
    });
    expect(lines(second.referencePairs)).toEqual(lines(first.referencePairs));
  });

  it("fails a job whose embeddings disagree in length, names the bug, and serves the next job", async () => {
    // Inside one chunk of findings: refused before it is sent.
    const broken = merge(input.embeddings);
    broken.fullText.set("b3", new Float32Array(5));
    await expect(prefilterInThread({ ...input, referenceKey: "version-2", embeddings: broken })).rejects.toThrow(
      "embedding of b3 has 5 dimensions, expected 8",
    );
    // Between the reference side and the findings: found by the thread.
    const shorter = {
      fullText: new Map([...input.embeddings.fullText].map(([id, v]) => [id, v.subarray(0, 5)])),
      description: input.embeddings.description,
    };
    await expect(prefilterInThread({ ...input, referenceKey: "version-3", embeddings: shorter })).rejects.toThrow(
      /prefilter: embedding of \w+ has 5 dimensions, expected 8/,
    );
    const after = await prefilterInThread({ ...input, referenceKey: "version-3" });
    const usual = await prefilterInThread(input);
    expect(lines(after.referencePairs)).toEqual(lines(usual.referencePairs));
  });

  it("starts a new thread after the thread is gone", async () => {
    const before = await prefilterInThread(input);
    await stopPrefilterThread();
    const after = await prefilterInThread(input);
    expect(lines(after.crossPairs)).toEqual(lines(before.crossPairs));
  });
});
