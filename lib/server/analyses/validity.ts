import "server-only";
import { db } from "../../db";
import { AUTHOR_VERDICTS, PANEL_VERDICT_COLUMNS, summarisePanelAgreement } from "../../analyses/panel-agreement";
import { validityOverPrecision } from "../../analyses/validity-points";
import type { ValidityView } from "../../contracts/validity";
import { loadLeaderboardData } from "../leaderboard/load-leaderboard-data";
import { reportedValiditySchema } from "../reported/reported-file";

// What the validity page and GET /api/v1/validity show: the published pooled validity and Table 15 where the version
// carries them (stored with the reported import), and Figure 5's points from the cached leaderboard data.

export async function loadValidity(benchmarkRef: string | null | undefined): Promise<ValidityView> {
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
  const summary = matrix ? summarisePanelAgreement(matrix.counts) : null;
  return {
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
                  author_verdicts: [...AUTHOR_VERDICTS],
                  panel_verdicts: [...PANEL_VERDICT_COLUMNS],
                  counts: matrix.counts,
                  total: summary.total,
                  both_conclusive: summary.bothConclusive,
                  agreement: summary.agreement,
                  grader_validity: summary.graderValidity,
                  panel_validity: summary.panelValidity,
                  panel_confirmed_grader_rejected: summary.panelLenient,
                  panel_rejected_grader_confirmed: summary.panelStrict,
                }
              : null,
        }
      : null,
    points: validityOverPrecision(data.entries),
  };
}
