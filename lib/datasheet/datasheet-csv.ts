import type { Datasheet, DatasheetTable } from "../contracts/datasheet";
import { columnsCsv, type CsvColumn } from "../leaderboard/format-csv";

// The datasheet's tables as CSV, one table a download, written by the one CSV writer (lib/leaderboard/format-csv.ts).
// Percentages stay percentages (as the JSON carries them); empty cells are missing values.

export function datasheetCsv(sheet: Datasheet, table: DatasheetTable): string {
  switch (table) {
    case "pipeline":
      return columnsCsv(
        [
          ["stage", (s) => s.stage],
          ["count", (s) => s.count],
          ["change_pct", (s) => s.change_pct],
        ],
        sheet.pipeline?.stages ?? [],
      );
    case "repositories": {
      type Row = Datasheet["repositories"][number];
      const cells: CsvColumn<Row>[] = (["files", "kloc", "passes", "tests", "commits", "fix_commits"] as const).map(
        (key) => [key, (r: Row) => r[key].value] as const,
      );
      return columnsCsv<Row>(
        [
          ["repo", (r) => r.repo],
          ["language", (r) => r.language],
          ["domain", (r) => r.domain],
          ...cells,
          ["bugs", (r) => r.bugs],
          ["planner_version", (r) => r.planner_version],
        ],
        sheet.repositories,
      );
    }
    case "calendar": {
      const calendar = sheet.calendar;
      const rows = calendar
        ? calendar.months.map((month, i) => ({
            month,
            all: calendar.shares_pct[i]!,
            repos: calendar.repositories.map((r) => r.shares_pct[i]!),
          }))
        : [];
      return columnsCsv<(typeof rows)[number]>(
        [
          ["month", (r) => r.month],
          ["share_pct", (r) => r.all],
          ["uniform_pct", () => calendar?.uniform_pct],
          ...(calendar?.repositories ?? []).map(
            (repo, j) => [`${repo.repo}_pct`, (r: (typeof rows)[number]) => r.repos[j]] as const,
          ),
        ],
        rows,
      );
    }
    case "fits":
      return columnsCsv(
        [
          ["family", (r) => r.family],
          ["parameter", (r) => r.name],
          ["full_window", (r) => r.full?.value],
          ["full_window_se", (r) => r.full?.se],
          ["first_half", (r) => r.first_half?.value],
          ["first_half_se", (r) => r.first_half?.se],
        ],
        (sheet.bug_pool?.fits ?? []).flatMap((f) => f.parameters.map((p) => ({ family: f.family, ...p }))),
      );
    case "held_out":
      return columnsCsv(
        [
          ["family", (r) => r.family],
          ["predicted_late_fixes", (r) => r.predicted],
          ["observed_late_fixes", (r) => r.observed],
          ["underprediction_pct", (r) => r.underprediction_pct],
        ],
        sheet.bug_pool?.held_out ?? [],
      );
    case "density":
      return columnsCsv(
        [
          ["from", (r) => r.from],
          ["to", (r) => r.to],
          ["observed", (r) => r.observed],
          ["exponential", (r) => r.expected.exponential],
          ["weibull", (r) => r.expected.weibull],
          ["lognormal", (r) => r.expected.lognormal],
        ],
        sheet.bug_pool?.position_density ?? [],
      );
    case "horizons":
      return columnsCsv(
        [
          ["family", (r) => r.family],
          ["five_years", (r) => r.five_years],
          ["ten_years", (r) => r.ten_years],
          ["total", (r) => r.total],
          ["total_infinite", (r) => r.total_infinite],
        ],
        sheet.bug_pool?.horizons ?? [],
      );
  }
}
