import type { Pipeline } from "../validation/benchmark-file";

// Table 1: the commits and candidate bugs left after each stage of collecting the reference set, each with its change
// against the stage before (Δ, in %). Pure.

const PIPELINE_STAGES: readonly { stage: keyof Pipeline; label: string }[] = [
  { stage: "commits", label: "Commits" },
  { stage: "bug_fix_commits", label: "Bug-fix commits" },
  { stage: "candidate_bugs", label: "Candidate bugs" },
  { stage: "anchored_candidates", label: "Anchored candidates" },
  { stage: "present_candidates", label: "Present candidates" },
  { stage: "deduplicated_bugs", label: "Deduplicated bugs" },
];

export type PipelineStage = { stage: keyof Pipeline; label: string; count: number; change_pct: number | null };

export function pipelineStages(pipeline: Pipeline): PipelineStage[] {
  return PIPELINE_STAGES.map(({ stage, label }, i) => {
    const count = pipeline[stage];
    const previous = i > 0 ? pipeline[PIPELINE_STAGES[i - 1]!.stage] : null;
    return {
      stage,
      label,
      count,
      change_pct: previous === null || previous === 0 ? null : ((count - previous) / previous) * 100,
    };
  });
}
