import { describe, expect, it } from "vitest";
import { RUN_AGREEMENT_SEED, runAgreementShare, type AgreementBug } from "./run-agreement-share";

const bug = (id: string, category: string | null, repository: string): AgreementBug => ({ id, category, repository });

// Category A: a1..a4 (repository r1); B: b1, b2 (r1), b3, b4 (r2); u1 has no category (r2).
const BUGS = [
  bug("a1", "A", "r1"),
  bug("a2", "A", "r1"),
  bug("a3", "A", "r1"),
  bug("a4", "A", "r1"),
  bug("b1", "B", "r1"),
  bug("b2", "B", "r1"),
  bug("b3", "B", "r2"),
  bug("b4", "B", "r2"),
  bug("u1", null, "r2"),
];
// Three conditioning runs and a held-out fourth. Runs finding each bug: a1 3; a2, b1, b2 2; the rest 0.
const RUNS = [
  new Set(["a1", "a2", "b1"]),
  new Set(["a1", "a2", "b2"]),
  new Set(["a1", "b1", "b2"]),
  new Set(["a1", "b3"]),
];
// E1 covers every repository; E2 only r1 (its b3 is outside what it covers and never counts).
const OTHERS = [
  { found: new Set(["a1", "a2", "b3"]), repositories: null },
  { found: new Set(["a1", "b1", "a3", "b3"]), repositories: new Set(["r1"]) },
];

describe("runAgreementShare", () => {
  it("matches hand-computed shares per bucket, counting each configuration on the bugs it covers", () => {
    const result = runAgreementShare(BUGS, RUNS, OTHERS);
    expect(result).toMatchObject({
      conditioningRuns: 3,
      heldOutRun: 3,
      configurations: 2,
      draws: 200,
      seed: RUN_AGREEMENT_SEED,
    });
    const [none, one, two, all] = result.buckets;
    // x = 0: a3, a4, b3, b4, u1. E1 finds b3 of 5 (1/5); E2 covers a3, a4 and finds a3 (1/2): mean 0.35. The held-out
    // run finds b3: 1/5.
    expect(none).toMatchObject({ x: 0, bugs: 5, uncategorised: 1, configurations: 2, heldOutShare: 0.2 });
    expect(none!.othersShare).toBeCloseTo(0.35, 12);
    // x = 1: no bug.
    expect(one).toEqual({
      x: 1,
      bugs: 0,
      uncategorised: 0,
      configurations: 0,
      othersShare: null,
      heldOutShare: null,
      baseline: null,
    });
    // x = 2: a2, b1, b2. E1 finds a2 (1/3), E2 finds b1 (1/3); the held-out run none of them.
    expect(two).toMatchObject({ x: 2, bugs: 3, configurations: 2, heldOutShare: 0 });
    expect(two!.othersShare).toBeCloseTo(1 / 3, 12);
    // x = 3: a1, found by both and by the held-out run.
    expect(all).toMatchObject({ x: 3, bugs: 1, othersShare: 1, heldOutShare: 1 });
  });

  it("pins the category-matched baseline for the fixed seed", () => {
    const [none, , two, all] = runAgreementShare(BUGS, RUNS, OTHERS).buckets;
    expect(none!.baseline!.mean).toBeCloseTo(0.4043333333333335, 12);
    expect(none!.baseline!.low).toBeCloseTo(1 / 6, 12);
    expect(none!.baseline!.high).toBeCloseTo(0.7, 12);
    expect(two!.baseline!.mean).toBeCloseTo(0.3879166666666665, 12);
    expect(two!.baseline!.low).toBe(0);
    expect(two!.baseline!.high).toBeCloseTo(5 / 6, 12);
    expect(all!.baseline).toEqual({ mean: 0.505, low: 0, high: 1 });
    // Another seed, other draws.
    const [, , , reseeded] = runAgreementShare(BUGS, RUNS, OTHERS, { seed: 7 }).buckets;
    expect(reseeded!.baseline!.mean).not.toBe(0.505);
  });

  it("averages, over many draws, to the expectation of picking within each category", () => {
    // x = 3 (one bug of A): a1 gives 1, a2 and a3 1/2, a4 0: expectation 1/2. x = 2 (one of A, two of B): E1 1/3;
    // E2 over the six pairs of B, with A's bug in {a1, a3} half the time: (1.5/3 + 2 * 1.5/2 + 2 * 0.5/2 + 0.5) / 6 =
    // 1/2, so 5/12. x = 0 (two of A, two of B, u1): E1 (1 + 1/2) / 5 = 0.3, E2 1/2 likewise: 0.4.
    const [none, , two, all] = runAgreementShare(BUGS, RUNS, OTHERS, { draws: 20_000 }).buckets;
    expect(Math.abs(all!.baseline!.mean - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(two!.baseline!.mean - 5 / 12)).toBeLessThan(0.01);
    expect(Math.abs(none!.baseline!.mean - 0.4)).toBeLessThan(0.01);
  });

  it("draws the whole category when a bucket holds all of it, so the baseline equals the observed share", () => {
    const bugs = [bug("a1", "A", "r"), bug("a2", "A", "r"), bug("b1", "B", "r"), bug("b2", "B", "r")];
    const a = new Set(["a1", "a2"]);
    const result = runAgreementShare(bugs, [a, a, new Set<string>()], [{ found: new Set(["a1"]), repositories: null }]);
    const [none, , both] = result.buckets;
    expect(both).toMatchObject({
      bugs: 2,
      othersShare: 0.5,
      heldOutShare: 0,
      baseline: { mean: 0.5, low: 0.5, high: 0.5 },
    });
    expect(none).toMatchObject({ bugs: 2, othersShare: 0, baseline: { mean: 0, low: 0, high: 0 } });
  });

  it("has no others' share or baseline without another configuration, and needs three runs", () => {
    const [none] = runAgreementShare(BUGS, RUNS, []).buckets;
    expect(none).toMatchObject({ bugs: 5, configurations: 0, othersShare: null, heldOutShare: 0.2, baseline: null });
    expect(() => runAgreementShare(BUGS, RUNS.slice(0, 2), OTHERS)).toThrow(/three runs/);
  });
});
