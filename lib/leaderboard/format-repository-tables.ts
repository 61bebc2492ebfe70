import { tableCellSchema } from "../contracts/public-reads";
import type { RepositoryTables, TableCell, TableConfiguration, TableRow } from "./compute-repository-tables";
import { columnsCsv, configurationColumns, countColumns, ratioColumns, type CsvColumn } from "./format-csv";
import type { BenchmarkRef, RepositoryInfo } from "./types";

// JSON (snake_case, like the rest of the public API) and CSV of the per-repository tables. The CSV is long format,
// one line per (row, configuration), which spreadsheets pivot back into the paper's matrix.

// A cell publishes the fields the contract declares, in its order (no F1: the paper's tables show recall and
// precision).
type CellJson = Pick<TableCell, keyof typeof tableCellSchema.shape>;
const CELL_FIELDS = Object.keys(tableCellSchema.shape) as (keyof CellJson)[];

function cellJson(c: TableCell): CellJson {
  return Object.fromEntries(CELL_FIELDS.map((field) => [field, c[field]])) as CellJson;
}

function configurationJson(c: TableConfiguration) {
  return {
    id: c.id,
    label: c.label,
    model: c.model,
    reasoning_effort: c.effort,
    harness: c.harness,
    source: c.source,
    coverage: c.coverage,
    f1: c.f1,
  };
}

function rowJson(r: TableRow) {
  return {
    [r.pooled ? "language" : "repository"]: r.key,
    pooled: r.pooled,
    mean_recall: r.meanRecall,
    mean_precision: r.meanPrecision,
    cells: Object.fromEntries(Object.entries(r.cells).map(([id, c]) => [id, cellJson(c)])),
  };
}

function repositoryJson(
  r: RepositoryInfo & { meanRecall: number | null; meanPrecision: number | null; configurations: number },
) {
  return {
    name: r.name,
    language: r.language,
    domain: r.domain,
    snapshot_commit: r.snapshotCommit,
    reference_bugs: r.referenceBugs,
    mean_recall: r.meanRecall,
    mean_precision: r.meanPrecision,
    configurations_with_cells: r.configurations,
  };
}

export function repositoryTablesJson(benchmark: BenchmarkRef, tables: RepositoryTables) {
  return {
    benchmark,
    configurations: tables.configurations.map(configurationJson),
    repositories: tables.repositories.map(repositoryJson),
    tables: tables.groups.map((g) => ({ language: g.language, rows: g.rows.map(rowJson), pooled: rowJson(g.pooled) })),
  };
}

export function repositoryDetailJson(
  benchmark: BenchmarkRef,
  tables: RepositoryTables,
  repository: RepositoryTables["repositories"][number],
  row: TableRow | null,
) {
  return {
    benchmark,
    repository: repositoryJson(repository),
    rows: tables.configurations
      .filter((c) => row?.cells[c.id])
      .map((c) => ({ configuration: configurationJson(c), ...cellJson(row!.cells[c.id]!) })),
  };
}

type CsvLine = { row: TableRow; configuration: TableConfiguration; cell: TableCell };

function csvColumns(benchmark: BenchmarkRef): CsvColumn<CsvLine>[] {
  return [
    ["benchmark", () => benchmark.key],
    ["row", (x) => x.row.key],
    ["pooled", (x) => x.row.pooled],
    ["language", (x) => x.row.language],
    ["configuration_id", (x) => x.configuration.id],
    ...configurationColumns<CsvLine>((x) => x.configuration),
    ...ratioColumns<CsvLine>((x) => x.cell),
    ...countColumns<CsvLine>((x) => x.cell),
  ];
}

/** Long format: one line per (row, configuration) that has a cell. */
function csvLines(configurations: TableConfiguration[], rows: TableRow[]): CsvLine[] {
  return rows.flatMap((row) =>
    configurations.flatMap((configuration) => {
      const cell = row.cells[configuration.id];
      return cell ? [{ row, configuration, cell }] : [];
    }),
  );
}

export function repositoryTablesCsv(benchmark: BenchmarkRef, tables: RepositoryTables): string {
  const rows = tables.groups.flatMap((g) => [...g.rows, g.pooled]);
  return columnsCsv(csvColumns(benchmark), csvLines(tables.configurations, rows));
}

export function repositoryDetailCsv(benchmark: BenchmarkRef, tables: RepositoryTables, row: TableRow | null): string {
  return columnsCsv(csvColumns(benchmark), row ? csvLines(tables.configurations, [row]) : []);
}
