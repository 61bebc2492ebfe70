import { rankRows } from "./rank-rows";
import type { LeaderboardView } from "./types";

// CSV downloads (RFC 4180: CRLF line ends, quotes doubled). Ratios are fractions in 0..1, as in the JSON API, so a
// spreadsheet and a script read the same numbers; empty means "not published / not applicable".

type CsvValue = string | number | boolean | null | undefined;

export function toCsv(header: string[], rows: CsvValue[][]): string {
  const cell = (v: CsvValue) => {
    if (v === null || v === undefined || (typeof v === "number" && !Number.isFinite(v))) return "";
    const text = String(v);
    // A leading = + - @ would run as a formula in spreadsheets, and so may one after a leading tab or carriage
    // return (OWASP, CSV injection); prefix such text so the cell stays text.
    const safe = /^[=+\-@\t\r]/.test(text) && typeof v === "string" ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

export function leaderboardCsv(view: LeaderboardView): string {
  const ranks = rankRows(view.rows);
  const rows = [...view.rows].sort((a, b) => (ranks.get(a.id)!.rank ?? Infinity) - (ranks.get(b.id)!.rank ?? Infinity));
  return toCsv(
    [
      "rank",
      "cannot_tell_apart_from_rank",
      "model",
      "reasoning_effort",
      "harness",
      "source",
      "coverage",
      "recall",
      "recall_ci_low",
      "recall_ci_high",
      "precision",
      "precision_ci_low",
      "precision_ci_high",
      "f1",
      "recall_min",
      "recall_max",
      "precision_min",
      "precision_max",
      "f1_min",
      "f1_max",
      "matched_reference_bugs",
      "reference_bugs",
      "matched_findings",
      "findings",
      "cost_usd",
      "runs",
      "date",
      "panel_validity",
      "contamination_max_d",
      "contamination_min_p",
      "contamination_min_p_holm",
      "knowledge_cutoff",
      "knowledge_cutoff_position",
      "offline_judge",
      "offline_embedder",
      "complete",
      "benchmark",
      "repositories",
      "language",
      "submission_id",
      "report_url",
    ],
    rows.map((r) => [
      ranks.get(r.id)!.rank,
      ranks.get(r.id)!.tiedWithRank,
      r.model,
      r.reasoning_effort,
      r.harness,
      r.source,
      r.coverage,
      r.recall,
      r.recall_ci?.[0],
      r.recall_ci?.[1],
      r.precision,
      r.precision_ci?.[0],
      r.precision_ci?.[1],
      r.f1,
      r.range?.recall?.min,
      r.range?.recall?.max,
      r.range?.precision?.min,
      r.range?.precision?.max,
      r.range?.f1?.min,
      r.range?.f1?.max,
      r.matched_reference_bugs,
      r.reference_bugs,
      r.matched_findings,
      r.findings,
      r.cost_usd,
      r.runs,
      r.date,
      r.panel_validity,
      r.contamination?.max_d,
      r.contamination?.min_p,
      r.contamination?.min_p_holm,
      r.contamination?.knowledge_cutoff,
      r.contamination?.cutoff_position,
      r.offline_judge,
      r.offline_embedder,
      r.complete,
      view.benchmark.key,
      view.scope.repos.join(" "),
      view.scope.language,
      r.id,
      r.report_url,
    ]),
  );
}
