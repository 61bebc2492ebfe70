// One configuration's fix-rank tests (§C.4, Table 16) folded into what a leaderboard cell, the CSV and the API show.
// Pure and browser-safe.

import type { CutoffPosition } from "./fix-rank";

/** One run's test as stored (computed here) or as published (reported). */
export type FixRankRun = {
  /** 1-based run number; null for the single run of a reported configuration. */
  run: number | null;
  matched: number;
  d: number | null;
  p: number | null;
  p_holm: number | null;
  /** How many tests p_holm adjusts across (Holm's family); null without an adjusted p. */
  holm_family?: number | null;
  /** Why there is no test (d and p null), as a sentence. */
  no_test_reason: string | null;
};

export type ContaminationSummary = {
  source: "computed" | "reported";
  runs: number;
  tested_runs: number;
  max_d: number | null;
  min_p: number | null;
  /** The smallest Holm-adjusted p over the runs; null until the entry is in the adjusted family (approved). */
  min_p_holm: number | null;
  /** The size of Holm's family min_p_holm was adjusted in (Table 16: 27). */
  holm_family: number | null;
  knowledge_cutoff: string | null;
  cutoff_position: CutoffPosition;
  /** When no run has a test: why (the first run's reason). */
  no_test_reason: string | null;
};

const minOf = (values: (number | null)[]) =>
  values.reduce<number | null>((m, v) => (v === null ? m : m === null ? v : Math.min(m, v)), null);
const maxOf = (values: (number | null)[]) =>
  values.reduce<number | null>((m, v) => (v === null ? m : m === null ? v : Math.max(m, v)), null);

export function summariseContamination(
  runs: readonly FixRankRun[],
  context: { source: "computed" | "reported"; knowledgeCutoff: string | null; cutoffPosition: CutoffPosition },
): ContaminationSummary | null {
  if (runs.length === 0) return null;
  const tested = runs.filter((r) => r.p !== null);
  return {
    source: context.source,
    runs: runs.length,
    tested_runs: tested.length,
    max_d: maxOf(tested.map((r) => r.d)),
    min_p: minOf(tested.map((r) => r.p)),
    min_p_holm: minOf(tested.map((r) => r.p_holm)),
    holm_family: maxOf(tested.map((r) => (r.p_holm === null ? null : (r.holm_family ?? null)))),
    knowledge_cutoff: context.knowledgeCutoff,
    cutoff_position: context.cutoffPosition,
    no_test_reason: tested.length === 0 ? (runs[0]!.no_test_reason ?? null) : null,
  };
}

/** How the cut-off sits against the reference window, in words (§C.4 on when the test can reveal anything). */
export const CUTOFF_POSITION_LABELS: Record<CutoffPosition, string> = {
  inside: "inside the reference window: the test can reveal contamination",
  before: "before the reference window: the model cannot have seen these fixes",
  after: "after the reference window: the model may have seen every fix alike, which the test cannot reveal",
  unknown: "unknown: no published cut-off, or no fix dates to place it against",
};

/** p-values as Table 16 prints them (three decimals), with a floor for tiny values. */
export function formatP(p: number | null): string {
  if (p === null) return "–";
  return p < 0.001 ? "<0.001" : p.toFixed(3);
}
