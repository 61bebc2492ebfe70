import { rankRows } from "./rank-rows";
import type { LeaderboardView } from "./types";

// CSV downloads (RFC 4180: CRLF line ends, quotes doubled). Ratios are fractions in 0..1, as in the JSON API, so a
// spreadsheet and a script read the same numbers; empty means "not published / not applicable".

export type CsvValue = string | number | boolean | null | undefined;

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

/** A CSV column: its header and how a row gives its cell. Header and cells are written together, so they never drift. */
export type CsvColumn<R> = readonly [header: string, cell: (row: R) => CsvValue];

export function columnsCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  return toCsv(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
  );
}

type Ratios = {
  recall: number | null;
  precision: number | null;
  recall_ci?: readonly [number, number] | null;
  precision_ci?: readonly [number, number] | null;
};
type Count = number | null | undefined;
type Counts = { matched_reference_bugs: Count; reference_bugs: Count; matched_findings: Count; findings: Count };

/** Recall and precision with their 95% intervals, as fractions: the same six columns in every CSV. */
export function ratioColumns<R>(of: (row: R) => Ratios): CsvColumn<R>[] {
  return [
    ["recall", (r) => of(r).recall],
    ["recall_ci_low", (r) => of(r).recall_ci?.[0]],
    ["recall_ci_high", (r) => of(r).recall_ci?.[1]],
    ["precision", (r) => of(r).precision],
    ["precision_ci_low", (r) => of(r).precision_ci?.[0]],
    ["precision_ci_high", (r) => of(r).precision_ci?.[1]],
  ];
}

/** The counts behind the ratios: the same four columns in every CSV. */
export function countColumns<R>(of: (row: R) => Counts): CsvColumn<R>[] {
  return [
    ["matched_reference_bugs", (r) => of(r).matched_reference_bugs],
    ["reference_bugs", (r) => of(r).reference_bugs],
    ["matched_findings", (r) => of(r).matched_findings],
    ["findings", (r) => of(r).findings],
  ];
}

type Configuration = {
  model: string;
  effort: string | null;
  harness: string | null;
  source: string;
  coverage: string;
};

/** Which configuration a line is about: model, reasoning effort, harness, source and coverage. */
export function configurationColumns<R>(of: (row: R) => Configuration): CsvColumn<R>[] {
  return [
    ["model", (r) => of(r).model],
    ["reasoning_effort", (r) => of(r).effort],
    ["harness", (r) => of(r).harness],
    ["source", (r) => of(r).source],
    ["coverage", (r) => of(r).coverage],
  ];
}

type Row = LeaderboardView["rows"][number];
type Ranked = { row: Row; rank: number | null; tiedWithRank: number | null };

function leaderboardColumns(view: LeaderboardView): CsvColumn<Ranked>[] {
  return [
    ["rank", (x) => x.rank],
    ["cannot_tell_apart_from_rank", (x) => x.tiedWithRank],
    ...configurationColumns<Ranked>((x) => ({ ...x.row, effort: x.row.reasoning_effort })),
    ...ratioColumns<Ranked>((x) => x.row),
    ["f1", (x) => x.row.f1],
    ["recall_min", (x) => x.row.range?.recall?.min],
    ["recall_max", (x) => x.row.range?.recall?.max],
    ["precision_min", (x) => x.row.range?.precision?.min],
    ["precision_max", (x) => x.row.range?.precision?.max],
    ["f1_min", (x) => x.row.range?.f1?.min],
    ["f1_max", (x) => x.row.range?.f1?.max],
    ...countColumns<Ranked>((x) => x.row),
    ["cost_usd", (x) => x.row.cost_usd],
    ["runs", (x) => x.row.runs],
    ["date", (x) => x.row.date],
    ["panel_validity", (x) => x.row.panel_validity],
    ["panel_validity_basis", (x) => x.row.panel_validity_basis],
    ["panel_text_only_validity", (x) => x.row.panel_text_only_validity],
    ["panel_checked_share", (x) => x.row.panel_checked_share],
    ["panel_whole_validity", (x) => x.row.panel_whole_validity],
    ["contamination_max_d", (x) => x.row.contamination?.max_d],
    ["contamination_min_p", (x) => x.row.contamination?.min_p],
    ["contamination_min_p_holm", (x) => x.row.contamination?.min_p_holm],
    ["contamination_holm_family", (x) => x.row.contamination?.holm_family],
    ["knowledge_cutoff", (x) => x.row.contamination?.knowledge_cutoff],
    ["knowledge_cutoff_position", (x) => x.row.contamination?.cutoff_position],
    ["post_cutoff_reference_bugs", (x) => x.row.post_cutoff?.reference_bugs],
    ["post_cutoff_recall", (x) => x.row.post_cutoff?.recall],
    ["newest_version_after_cutoff", (x) => x.row.post_cutoff?.newest_version_after_cutoff],
    ["open_model", (x) => x.row.open_model],
    ["organisation", (x) => x.row.organisation],
    ["model_licence", (x) => x.row.model_licence],
    ["parameter_count", (x) => x.row.parameter_count],
    ["offline_judge", (x) => x.row.offline_judge],
    ["offline_embedder", (x) => x.row.offline_embedder],
    ["complete", (x) => x.row.complete],
    ["benchmark", () => view.benchmark.key],
    ["repositories", () => view.scope.repos.join(" ")],
    ["language", () => view.scope.language],
    ["as_of", () => view.as_of],
    ["submission_id", (x) => x.row.id],
    ["report_url", (x) => x.row.report_url],
  ];
}

export function leaderboardCsv(view: LeaderboardView): string {
  const ranks = rankRows(view.rows);
  const ranked = view.rows
    .map((row) => ({ row, rank: ranks.get(row.id)!.rank, tiedWithRank: ranks.get(row.id)!.tiedWithRank }))
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
  return columnsCsv(leaderboardColumns(view), ranked);
}
