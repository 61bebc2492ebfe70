// Repeated runs of one configuration (§4.3, §A.4). Findings of different runs that share a root cause
// (judge-decided duplicates, or findings matching a common reference bug) are merged into connected
// components; a component stands for one distinct bug report. Curves then keep the components
// reported in at least n of the k runs: n = 1 is the union, n = k the intersection.

import { DisjointSet } from "./disjoint-set";
import { computeMetrics } from "./metrics";
import type { Score } from "./types";

type RunComponent = { id: number; findingIds: string[]; runs: number[] };

export type RunComponents = { componentOf: Map<string, number>; components: RunComponent[] };

export type BuildRunComponentsInput = {
  findings: { id: string; runIndex: number }[];
  sameRootCauseEdges: [string, string][];
};

/**
 * Connected components of the findings under the same-root-cause edges. Components are numbered by the position of
 * their first finding in `findings`, and list their findings in input order and their distinct runs ascending, so the
 * result depends only on which findings are connected, never on the order the edges were found in. An edge naming an
 * unknown finding is a caller bug and throws.
 */
export function buildRunComponents(input: BuildRunComponentsInput): RunComponents {
  const indexOf = new Map<string, number>();
  input.findings.forEach((finding, index) => indexOf.set(finding.id, index));
  const set = new DisjointSet(input.findings.length);
  for (const [a, b] of input.sameRootCauseEdges) {
    const indexA = indexOf.get(a);
    const indexB = indexOf.get(b);
    if (indexA === undefined || indexB === undefined) {
      throw new Error(`same-root-cause edge names unknown finding ${indexA === undefined ? a : b}`);
    }
    set.union(indexA, indexB);
  }
  return componentsOfSet(input.findings, set);
}

/** The components of a union-find built elsewhere (finding i of `findings` is element i of `set`). */
export function componentsOfSet(
  findings: readonly { id: string; runIndex: number }[],
  set: DisjointSet,
): RunComponents {
  const componentOf = new Map<string, number>();
  // Component id by root element (-1: none yet): an array, not a Map, at tens of thousands of findings.
  const componentOfRoot = new Int32Array(findings.length).fill(-1);
  const components: RunComponent[] = [];
  findings.forEach((finding, index) => {
    const root = set.find(index);
    let component = components[componentOfRoot[root]!];
    if (!component) {
      component = { id: components.length, findingIds: [], runs: [] };
      componentOfRoot[root] = component.id;
      components.push(component);
    }
    component.findingIds.push(finding.id);
    if (!component.runs.includes(finding.runIndex)) component.runs.push(finding.runIndex);
    componentOf.set(finding.id, component.id);
  });
  for (const component of components) component.runs.sort((a, b) => a - b);
  return { componentOf, components };
}

export type RunCurvePoint = Score & { n: number; label: string };

export type ComputeRunCurvesInput = {
  runCount: number;
  components: RunComponent[];
  componentOf: Map<string, number>;
  referenceBugCount: number;
  matches: { findingId: string; referenceId: string }[];
};

/**
 * One point per n = 1..k: the components reported in >= n distinct runs. Precision counts components
 * (a bug reported in three runs is one finding, not three); recall counts the distinct reference bugs
 * matched by any finding of a kept component.
 */
export function computeRunCurves(input: ComputeRunCurvesInput): RunCurvePoint[] {
  const referencesOfComponent = new Map<number, string[]>();
  for (const match of input.matches) {
    const component = input.componentOf.get(match.findingId);
    if (component === undefined) throw new Error(`match names unknown finding ${match.findingId}`);
    const references = referencesOfComponent.get(component) ?? [];
    references.push(match.referenceId);
    referencesOfComponent.set(component, references);
  }
  return curveOfGroups(
    input.runCount,
    input.components.map((component) => ({
      reportedIn: component.runs.length,
      references: referencesOfComponent.get(component.id) ?? [],
    })),
    input.referenceBugCount,
  );
}

/** A distinct finding as the curve reads it: how many of the runs report it, and the reference bugs it matches. */
export type CurveGroup = { reportedIn: number; references: readonly string[] };

/**
 * The curve over distinct findings of k runs, one point per n = 1..k: the groups reported in >= n runs (a group with
 * reportedIn 0 is in no point). Linear in the groups and their references: each reference bug counts from n = 1 up
 * to the most runs reporting a group that matches it.
 */
export function curveOfGroups(
  runCount: number,
  groups: Iterable<CurveGroup>,
  referenceBugCount: number,
): RunCurvePoint[] {
  // Groups and matched groups reported in exactly c runs; reference bugs whose best group is reported in c runs.
  const exactly = new Array<number>(runCount + 1).fill(0);
  const matchedExactly = new Array<number>(runCount + 1).fill(0);
  const best = new Map<string, number>();
  for (const group of groups) {
    const c = group.reportedIn;
    if (!Number.isInteger(c) || c < 0 || c > runCount) throw new Error(`a group reported in ${c} of ${runCount} runs`);
    if (c === 0) continue;
    exactly[c]! += 1;
    if (group.references.length > 0) matchedExactly[c]! += 1;
    for (const reference of group.references) best.set(reference, Math.max(best.get(reference) ?? 0, c));
  }
  const referencesExactly = new Array<number>(runCount + 1).fill(0);
  for (const c of best.values()) referencesExactly[c]! += 1;

  const points: RunCurvePoint[] = [];
  let findings = 0;
  let matchedFindings = 0;
  let matchedReferences = 0;
  for (let n = runCount; n >= 1; n--) {
    findings += exactly[n]!;
    matchedFindings += matchedExactly[n]!;
    matchedReferences += referencesExactly[n]!;
    points.push({
      n,
      label: labelRunCurvePoint(n, runCount),
      ...computeMetrics({
        matched_reference_bugs: matchedReferences,
        reference_bugs: referenceBugCount,
        matched_findings: matchedFindings,
        findings,
      }),
    });
  }
  return points.reverse();
}

/** "union" (n = 1), "intersection" (n = k) or "at least n of k": one label for the API, pages and CSV. */
export function labelRunCurvePoint(n: number, runCount: number): string {
  if (n === 1) return "union";
  if (n === runCount) return "intersection";
  return `at least ${n} of ${runCount}`;
}
