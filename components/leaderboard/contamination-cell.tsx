import type { ContaminationSummary } from "@/lib/analyses/contamination-summary";
import { formatP } from "@/lib/analyses/contamination-summary";
import { DASH } from "@/lib/format";

// §C.4 in one leaderboard cell: the smallest Holm-adjusted p over the configuration's runs (the unadjusted one when
// the entry is not in the adjusted family), and where the model's knowledge cut-off falls. The submission page has
// the tests in full.
export function ContaminationCell({ summary }: { summary: ContaminationSummary | null }) {
  if (!summary) return <span className="muted">{DASH}</span>;
  if (summary.tested_runs === 0) return <span className="muted">no test</span>;
  const adjusted = summary.min_p_holm !== null;
  return (
    <>
      <span className="value">
        {adjusted
          ? `p_Holm ${formatP(summary.min_p_holm)}${summary.holm_family ? ` (of ${summary.holm_family} tests)` : ""}`
          : `p ${formatP(summary.min_p)}`}
      </span>
      <span className="ci">
        D {summary.max_d?.toFixed(3) ?? DASH} · cut-off {summary.cutoff_position}
      </span>
    </>
  );
}

/** The value the column sorts by: the adjusted p where there is one. */
export function contaminationSortValue(summary: ContaminationSummary | null): number | undefined {
  return summary?.min_p_holm ?? summary?.min_p ?? undefined;
}
