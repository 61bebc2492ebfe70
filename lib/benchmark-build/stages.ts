import type { Pipeline } from "../validation/benchmark-file";

// The collection pipeline of the paper (§2.1, Table 1, F.2.1-F.2.5, F.3.1) as a build runs it: one stage after
// another, each a job. `table1` names the Table 1 row a stage's output counts (the benchmark file's pipeline block);
// the audit stage marks, it never removes (the paper kept the full reference set after its audit).
export const BUILD_STAGES = [
  { stage: "commits", label: "Commits in the window", table1: "commits", model: false },
  { stage: "classify", label: "Bug-fix commits (F.2.1)", table1: "bug_fix_commits", model: true },
  { stage: "extract", label: "Candidate bugs (F.2.2)", table1: "candidate_bugs", model: true },
  { stage: "anchor", label: "Anchored to the snapshot", table1: "anchored_candidates", model: false },
  { stage: "presence", label: "Present at the snapshot (F.2.3)", table1: "present_candidates", model: true },
  { stage: "synthesize", label: "Reports written (F.2.4)", table1: null, model: true },
  { stage: "dedup", label: "After deduplication (F.2.5)", table1: "deduplicated_bugs", model: true },
  { stage: "audit", label: "Flagged by the false-positive audit (F.3.1)", table1: null, model: true },
] as const satisfies readonly { stage: string; label: string; table1: keyof Pipeline | null; model: boolean }[];

export type BuildStageName = (typeof BUILD_STAGES)[number]["stage"];
export const BUILD_STAGE_NAMES = BUILD_STAGES.map((s) => s.stage) as [BuildStageName, ...BuildStageName[]];

/** The stage after `stage`, or null after the last. */
export function nextStage(stage: BuildStageName): BuildStageName | null {
  const i = BUILD_STAGE_NAMES.indexOf(stage);
  return BUILD_STAGE_NAMES[i + 1] ?? null;
}

export function stagePosition(stage: BuildStageName): number {
  return BUILD_STAGE_NAMES.indexOf(stage) + 1;
}

export type StageCount = { stage: BuildStageName; count: number | null };
export type Table1Row = { stage: BuildStageName; label: string; count: number | null; change: number | null };

/**
 * Table 1: each stage's count and its change relative to the preceding counted stage's (null while unknown, and for the
 * stages Table 1 has no row for: synthesis keeps every candidate, the audit's count is of bugs it flagged).
 */
export function table1Rows(counts: readonly StageCount[]): Table1Row[] {
  const byStage = new Map(counts.map((c) => [c.stage, c.count]));
  let previous: number | null = null;
  return BUILD_STAGES.map(({ stage, label, table1 }) => {
    const count = byStage.get(stage) ?? null;
    const counted = table1 !== null && count !== null;
    const change = counted && previous !== null && previous > 0 ? (count - previous) / previous : null;
    if (counted) previous = count;
    return { stage, label, count, change };
  });
}

/** The benchmark file's pipeline block from the stages' counts; null until every Table 1 stage has one. */
export function pipelineBlock(counts: readonly StageCount[]): Pipeline | null {
  const byStage = new Map(counts.map((c) => [c.stage, c.count]));
  const out: Partial<Pipeline> = {};
  for (const { stage, table1 } of BUILD_STAGES) {
    if (!table1) continue;
    const count = byStage.get(stage);
    if (count === null || count === undefined) return null;
    out[table1] = count;
  }
  return out as Pipeline;
}
