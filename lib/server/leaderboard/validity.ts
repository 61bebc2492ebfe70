import "server-only";
import { db } from "../../db";
import { GRADES, PANEL_VERDICTS, emptyCrossTable, panelAgreement } from "../../grading/panel-grades";
import { validityOverPrecision } from "../../leaderboard/validity-points";
import type { ValidityView } from "../../contracts/validity";
import { loadLeaderboardData } from "./load-leaderboard-data";
import type { Stamped } from "../public-reads/stamp-cache";
import { reportedValiditySchema } from "../../validation/reported-file";

// What the validity page and GET /api/v1/validity show: the published pooled validity and Table 15 where the version
// carries them (stored with the reported import), and Figure 5's points from the cached leaderboard data.

/** The view with the stamp of the leaderboard data it comes from (the API's ETag names that stamp). */
export async function loadValidity(benchmarkRef: string | null | undefined): Promise<Stamped<ValidityView>> {
  const data = await loadLeaderboardData(benchmarkRef);
  const benchmark = await db.benchmark.findUniqueOrThrow({
    where: { id: data.benchmark.id },
    select: { taxonomy: true },
  });
  const raw = (benchmark.taxonomy as { reported?: { validity?: unknown } } | null)?.reported?.validity;
  const parsed = raw ? reportedValiditySchema.safeParse(raw) : null;
  const v = parsed?.success ? parsed.data : null;
  const pct = (x: number | undefined) => (x === undefined ? null : x / 100);
  const matrix = v?.author_vs_panel;
  // Table 15 as published goes through the same computation as the live blind grading (lib/grading).
  const summary = matrix ? panelAgreement(crossTableOf(matrix.counts)) : null;
  const value: ValidityView = {
    benchmark: data.benchmark,
    reported: v
      ? {
          pooled: {
            all: pct(v.panel_validity_pct),
            unmatched: pct(v.panel_validity_unmatched_pct),
            matched: pct(v.panel_validity_matched_pct),
            findings_sampled_per_configuration: v.findings_sampled_per_configuration ?? null,
            source: v.source ?? null,
          },
          agreement:
            matrix && summary
              ? {
                  source: matrix.source ?? null,
                  author_verdicts: [...GRADES],
                  panel_verdicts: [...PANEL_VERDICTS],
                  counts: matrix.counts,
                  total: summary.graded,
                  both_conclusive: summary.conclusive,
                  agreement: summary.agreement.value,
                  grader_validity: summary.graderConfirmRate.value,
                  panel_validity: summary.panelConfirmRate.value,
                  panel_confirmed_grader_rejected: summary.table.rejected.confirmed,
                  panel_rejected_grader_confirmed: summary.table.confirmed.rejected,
                }
              : null,
        }
      : null,
    points: validityOverPrecision(data.entries),
  };
  return { stamp: data.stamp, value };
}

/** The published matrix (rows: the grader's verdicts, columns: the panel's, in the orders of GRADES and PANEL_VERDICTS). */
function crossTableOf(counts: readonly (readonly number[])[]) {
  const table = emptyCrossTable();
  GRADES.forEach((grade, i) => PANEL_VERDICTS.forEach((verdict, j) => (table[grade][verdict] = counts[i]?.[j] ?? 0)));
  return table;
}
