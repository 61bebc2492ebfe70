import type { RepositoryTables, TableCell, TableConfiguration, TableRow } from "./compute-repository-tables";
import { toCsv } from "./format-csv";
import type { BenchmarkRef, RepositoryInfo } from "./types";

// JSON (snake_case, like the rest of the public API) and CSV of the per-repository tables. The CSV is long format,
// one line per (row, configuration), which spreadsheets pivot back into the paper's matrix.

function cellJson(c: TableCell) {
  return {
    recall: c.recall,
    precision: c.precision,
    recall_ci: c.recall_ci,
    precision_ci: c.precision_ci,
    matched_reference_bugs: c.matched_reference_bugs,
    reference_bugs: c.reference_bugs,
    matched_findings: c.matched_findings,
    findings: c.findings,
  };
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

const CSV_HEADER = [
  "benchmark",
  "row",
  "pooled",
  "language",
  "configuration_id",
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
  "matched_reference_bugs",
  "reference_bugs",
  "matched_findings",
  "findings",
];

function csvLines(benchmark: BenchmarkRef, configurations: TableConfiguration[], rows: TableRow[]) {
  return rows.flatMap((r) =>
    configurations
      .filter((c) => r.cells[c.id])
      .map((c) => {
        const cell = r.cells[c.id]!;
        return [
          benchmark.key,
          r.key,
          r.pooled,
          r.language,
          c.id,
          c.model,
          c.effort,
          c.harness,
          c.source,
          c.coverage,
          cell.recall,
          cell.recall_ci?.[0],
          cell.recall_ci?.[1],
          cell.precision,
          cell.precision_ci?.[0],
          cell.precision_ci?.[1],
          cell.matched_reference_bugs,
          cell.reference_bugs,
          cell.matched_findings,
          cell.findings,
        ];
      }),
  );
}

export function repositoryTablesCsv(benchmark: BenchmarkRef, tables: RepositoryTables): string {
  return toCsv(
    CSV_HEADER,
    csvLines(
      benchmark,
      tables.configurations,
      tables.groups.flatMap((g) => [...g.rows, g.pooled]),
    ),
  );
}

export function repositoryDetailCsv(benchmark: BenchmarkRef, tables: RepositoryTables, row: TableRow | null): string {
  return toCsv(CSV_HEADER, row ? csvLines(benchmark, tables.configurations, [row]) : []);
}
