import { describe, expect, it } from "vitest";
import { buildRunComponents, computeRunCurves } from "./components";
import { referenceSharedEdges } from "./cross-run";
import { distinctFindingsByRun, frequencySpectrum, summarizeComponents } from "./spectrum";

describe("duplicates within a run (the paper's components, §A.4)", () => {
  // Run 1 reports a (matches R1) and b1, b2 (one unmatched bug, reported twice); run 2 reports a' (matches R1) and c
  // (another unmatched bug). Same-root-cause links: a - a' through R1, b1 - b2 judged duplicates within run 1.
  const findings = [
    { id: "a", runIndex: 0 },
    { id: "b1", runIndex: 0 },
    { id: "b2", runIndex: 0 },
    { id: "a'", runIndex: 1 },
    { id: "c", runIndex: 1 },
  ];
  const matches = [
    { findingId: "a", referenceId: "R1" },
    { findingId: "a'", referenceId: "R1" },
  ];

  it("gives components {a, a'}, {b1, b2}, {c}: union precision 1/3 (1/4 without the within-run link)", () => {
    const merged = buildRunComponents({
      findings,
      sameRootCauseEdges: [...referenceSharedEdges(matches), ["b1", "b2"]],
    });
    expect(merged.components.map((c) => c.findingIds)).toEqual([["a", "a'"], ["b1", "b2"], ["c"]]);
    const [union] = computeRunCurves({ runCount: 2, ...merged, referenceBugCount: 1, matches });
    expect(union).toMatchObject({ findings: 3, matched_findings: 1, recall: 1 });
    expect(union!.precision).toBeCloseTo(1 / 3, 12);

    const apart = buildRunComponents({ findings, sameRootCauseEdges: referenceSharedEdges(matches) });
    const [unionApart] = computeRunCurves({ runCount: 2, ...apart, referenceBugCount: 1, matches });
    expect(unionApart!.precision).toBeCloseTo(1 / 4, 12);
  });

  it("counts distinct findings per run next to reported ones: run 1 reports 3 findings, 2 distinct", () => {
    const merged = buildRunComponents({
      findings,
      sameRootCauseEdges: [...referenceSharedEdges(matches), ["b1", "b2"]],
    });
    const summaries = summarizeComponents(merged.components, merged.componentOf, matches);
    expect(summaries).toEqual([
      { runs: [0, 1], matched: true },
      { runs: [0], matched: false },
      { runs: [1], matched: false },
    ]);
    expect(distinctFindingsByRun(2, summaries)).toEqual([
      { distinct: 2, matched: 1 },
      { distinct: 2, matched: 1 },
    ]);
  });
});

describe("frequencySpectrum", () => {
  // Hand-computed case, 4 runs (0-based), 7 distinct findings:
  //   A runs {0,1,2,3} matched    B {0,1} matched    C {1} unmatched    D {0} unmatched
  //   E {2,3} unmatched           F {3} unmatched    G {1,2,3} matched
  const components = [
    { runs: [0, 1, 2, 3], matched: true },
    { runs: [0, 1], matched: true },
    { runs: [1], matched: false },
    { runs: [0], matched: false },
    { runs: [2, 3], matched: false },
    { runs: [3], matched: false },
    { runs: [1, 2, 3], matched: true },
  ];

  it("counts distinct findings in exactly n runs and the union of the first n runs, matched and unmatched apart", () => {
    // Exactly 1: C, D, F (unmatched 3); exactly 2: B (matched), E (unmatched); exactly 3: G; exactly 4: A.
    // Union after run 1: A, B, D (2 matched, 1 unmatched); + run 2: C, G -> 3 / 2; + run 3: E -> 3 / 3; + run 4: F -> 3 / 4.
    expect(frequencySpectrum(4, components)).toEqual([
      { n: 1, exactly_matched: 0, exactly_unmatched: 3, union_matched: 2, union_unmatched: 1 },
      { n: 2, exactly_matched: 1, exactly_unmatched: 1, union_matched: 3, union_unmatched: 2 },
      { n: 3, exactly_matched: 1, exactly_unmatched: 0, union_matched: 3, union_unmatched: 3 },
      { n: 4, exactly_matched: 1, exactly_unmatched: 0, union_matched: 3, union_unmatched: 4 },
    ]);
  });

  it("sums the exactly-n counts to the union of all runs", () => {
    const points = frequencySpectrum(4, components);
    const exactly = points.reduce((sum, p) => sum + p.exactly_matched + p.exactly_unmatched, 0);
    const last = points.at(-1)!;
    expect(exactly).toBe(last.union_matched + last.union_unmatched);
  });

  it("counts each run's distinct findings", () => {
    // Run 0: A, B, D; run 1: A, B, C, G; run 2: A, E, G; run 3: A, E, F, G.
    expect(distinctFindingsByRun(4, components)).toEqual([
      { distinct: 3, matched: 2 },
      { distinct: 4, matched: 3 },
      { distinct: 3, matched: 2 },
      { distinct: 4, matched: 2 },
    ]);
  });

  it("has one zero row per run without findings and refuses runs outside 0..k-1", () => {
    expect(frequencySpectrum(2, [])).toEqual([
      { n: 1, exactly_matched: 0, exactly_unmatched: 0, union_matched: 0, union_unmatched: 0 },
      { n: 2, exactly_matched: 0, exactly_unmatched: 0, union_matched: 0, union_unmatched: 0 },
    ]);
    expect(() => frequencySpectrum(2, [{ runs: [2], matched: false }])).toThrow(/outside/);
    expect(() => frequencySpectrum(0, [])).toThrow(/positive/);
  });
});
