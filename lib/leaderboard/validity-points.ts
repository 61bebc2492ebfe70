// Figure 5: panel validity over precision against the reference set, both with 95% intervals. For repeated-run
// entries both axes use the first run (the panel sampled the first run, Table 14), so a verified entry's precision is
// its first run's; a reported repeated entry publishes only the mean over runs, which is used and marked as such.
// Pure and browser-safe.

import { intervalOf } from "./compute-leaderboard-view";
import type { LeaderboardEntry } from "./types";
import type { ValidityView } from "../contracts/validity";

/** A point of Figure 5, as GET /api/v1/validity publishes it. */
export type ValidityPoint = ValidityView["points"][number];

const labelOf = (e: { model: string; effort: string | null; harness: string | null }) =>
  [e.model, e.effort, e.harness].filter(Boolean).join(" · ");

/** One point per full-benchmark entry with both a panel validity and a precision; the others are left out. */
export function validityOverPrecision(entries: readonly LeaderboardEntry[]): ValidityPoint[] {
  const points: ValidityPoint[] = [];
  for (const e of entries) {
    if (e.coverage !== "full" || !e.panel || e.panel.validity === null) continue;
    const firstRun = e.source === "verified" && e.runScores.length > 0 ? e.runScores[0]!.overall : null;
    const cell = firstRun ?? e.overall;
    if (!cell || cell.precision === null) continue;
    points.push({
      id: e.id,
      label: labelOf(e),
      source: e.source,
      runs: e.runs,
      validity: e.panel.validity,
      validity_ci: e.panel.interval,
      validity_basis: e.panel.basis,
      precision: cell.precision,
      precision_ci: intervalOf(cell.matched_findings, cell.findings),
      precision_basis: e.runs <= 1 ? "single_run" : firstRun ? "first_run" : "mean_of_runs",
    });
  }
  return points.sort((a, b) => a.precision - b.precision || a.label.localeCompare(b.label));
}
