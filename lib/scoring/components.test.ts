import { describe, expect, it } from "vitest";
import { buildRunComponents, computeRunCurves } from "./components";

describe("buildRunComponents", () => {
  // Runs 0..2: a is reported in all three, b in runs 0 and 1, c only in run 0, d only in run 2.
  const findings = [
    { id: "a0", runIndex: 0 },
    { id: "b0", runIndex: 0 },
    { id: "c0", runIndex: 0 },
    { id: "a1", runIndex: 1 },
    { id: "b1", runIndex: 1 },
    { id: "a2", runIndex: 2 },
    { id: "d2", runIndex: 2 },
  ];
  const built = buildRunComponents({
    findings,
    sameRootCauseEdges: [
      ["a2", "a1"], // a chain: a0 - a1 - a2 joins transitively
      ["a1", "a0"],
      ["b0", "b1"],
    ],
  });

  it("merges connected findings and numbers components by first appearance", () => {
    expect(built.components).toEqual([
      { id: 0, findingIds: ["a0", "a1", "a2"], runs: [0, 1, 2] },
      { id: 1, findingIds: ["b0", "b1"], runs: [0, 1] },
      { id: 2, findingIds: ["c0"], runs: [0] },
      { id: 3, findingIds: ["d2"], runs: [2] },
    ]);
    expect(built.componentOf.get("a2")).toBe(0);
    expect(built.componentOf.get("d2")).toBe(3);
  });

  it("counts a run once when two of its findings merge", () => {
    const { components } = buildRunComponents({
      findings: [
        { id: "x", runIndex: 1 },
        { id: "y", runIndex: 1 },
      ],
      sameRootCauseEdges: [["x", "y"]],
    });
    expect(components).toEqual([{ id: 0, findingIds: ["x", "y"], runs: [1] }]);
  });

  it("throws on an edge naming an unknown finding", () => {
    expect(() => buildRunComponents({ findings, sameRootCauseEdges: [["a0", "zz"]] })).toThrow(/zz/);
  });

  it("gives union / at least n of k / intersection curves", () => {
    const curves = computeRunCurves({
      runCount: 3,
      ...built,
      referenceBugCount: 10,
      matches: [
        { findingId: "a2", referenceId: "R1" },
        { findingId: "b0", referenceId: "R2" },
        { findingId: "b1", referenceId: "R3" },
        { findingId: "d2", referenceId: "R1" },
      ],
    });
    expect(curves.map((c) => c.label)).toEqual(["union", "at least 2 of 3", "intersection"]);
    // n = 1: components a, b, c, d; a, b, d matched (3/4); reference bugs R1, R2, R3 (3/10).
    expect(curves[0]).toMatchObject({
      n: 1,
      findings: 4,
      matched_findings: 3,
      matched_reference_bugs: 3,
      reference_bugs: 10,
      recall: 0.3,
      precision: 0.75,
    });
    expect(curves[0]?.f1).toBeCloseTo((2 * 0.3 * 0.75) / 1.05, 12); // 0.4286
    // n = 2: components a, b, both matched; R1 (via a), R2 and R3 (via b).
    expect(curves[1]).toMatchObject({
      n: 2,
      findings: 2,
      matched_findings: 2,
      matched_reference_bugs: 3,
      recall: 0.3,
      precision: 1,
    });
    // n = 3: only a; R1.
    expect(curves[2]).toMatchObject({
      n: 3,
      findings: 1,
      matched_findings: 1,
      matched_reference_bugs: 1,
      recall: 0.1,
      precision: 1,
    });
    expect(curves[2]?.f1).toBeCloseTo(0.2 / 1.1, 12); // 0.1818
  });

  it("labels middle points 'at least n of k' and handles no matches", () => {
    const { components, componentOf } = buildRunComponents({
      findings: [{ id: "x", runIndex: 0 }],
      sameRootCauseEdges: [],
    });
    const curves = computeRunCurves({ runCount: 4, components, componentOf, referenceBugCount: 0, matches: [] });
    expect(curves.map((c) => c.label)).toEqual(["union", "at least 2 of 4", "at least 3 of 4", "intersection"]);
    // No reference bugs: no recall; no finding kept at n = 4: no precision. Neither is a 0.
    expect(curves[0]).toMatchObject({ findings: 1, matched_findings: 0, recall: null, precision: 0, f1: null });
    expect(curves[3]).toMatchObject({ findings: 0, precision: null });
  });
});
