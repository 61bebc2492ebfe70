import { configurationName } from "../format";
import type { ScoreWithIntervals, StoredScore } from "../scoring/types";
import { poolCells, withIntervals } from "./compute-leaderboard-view";
import type { LeaderboardData, LeaderboardEntry, RepositoryInfo } from "./types";

// Pure: the cross-configuration tables of the paper's Tables 12-13 (recall and precision per repository x
// configuration, language-pooled rows, a Mean column) from the cached leaderboard data.
//
// - Columns are the configurations with at least one per-repository cell, best F1 first.
// - Rows are the repositories with at least one cell, grouped by language. A language row POOLS the counts of the
//   repositories listed above it (not the mean of their ratios); a metric whose counts were not published (reported
//   per-repository precision) stays empty there.
// - Mean is the plain mean over configurations that have the cell, counting each configuration once and leaving out
//   entries evaluated on a subset of the benchmark (as the paper's Mean column leaves out Claude Opus 5).

export type TableConfiguration = {
  id: string;
  label: string;
  model: string;
  effort: string | null;
  harness: string | null;
  source: "verified" | "reported";
  coverage: string;
  f1: number | null;
};

export type TableCell = ScoreWithIntervals;

export type TableRow = {
  /** Repository name, or the language for a pooled row. */
  key: string;
  pooled: boolean;
  language: string;
  cells: Record<string, TableCell>;
  meanRecall: number | null;
  meanPrecision: number | null;
};

export type RepositoryTables = {
  configurations: TableConfiguration[];
  groups: { language: string; rows: TableRow[]; pooled: TableRow }[];
  repositories: (RepositoryInfo & {
    meanRecall: number | null;
    meanPrecision: number | null;
    configurations: number;
  })[];
};

function configurationLabel(e: Pick<LeaderboardEntry, "model" | "effort" | "harness">): string {
  return configurationName({ model: e.model, reasoning_effort: e.effort, harness: e.harness });
}

export function computeRepositoryTables(data: LeaderboardData): RepositoryTables {
  const withCells = data.entries.filter((e) => Object.keys(e.repositories).length > 0);
  const configurations: TableConfiguration[] = withCells
    .map((e) => ({
      id: e.id,
      label: configurationLabel(e),
      model: e.model,
      effort: e.effort,
      harness: e.harness,
      source: e.source,
      coverage: e.coverage,
      f1: e.overall?.f1 ?? null,
    }))
    .sort((a, b) => (b.f1 ?? -1) - (a.f1 ?? -1) || a.label.localeCompare(b.label));
  const full = new Set(withCells.filter((e) => e.coverage === "full").map((e) => e.id));
  const entryById = new Map(withCells.map((e) => [e.id, e]));

  const rowOf = (
    key: string,
    language: string,
    pooled: boolean,
    cellFor: (e: LeaderboardEntry) => StoredScore | null,
  ): TableRow => {
    const cells: Record<string, TableCell> = {};
    for (const c of configurations) {
      const cell = cellFor(entryById.get(c.id)!);
      if (cell) cells[c.id] = withIntervals(cell);
    }
    return {
      key,
      language,
      pooled,
      cells,
      meanRecall: meanOf(cells, full, "recall"),
      meanPrecision: meanOf(cells, full, "precision"),
    };
  };

  const shown = data.repositories.filter((r) => withCells.some((e) => e.repositories[r.name]));
  const groups = data.languages
    .map((language) => {
      const repos = shown.filter((r) => r.language === language);
      const rows = repos.map((r) => rowOf(r.name, language, false, (e) => e.repositories[r.name] ?? null));
      const pooled = rowOf(language, language, true, (e) => poolCells(repos.map((r) => e.repositories[r.name])));
      return { language, rows, pooled };
    })
    .filter((g) => g.rows.length > 0);

  const rowByRepo = new Map(groups.flatMap((g) => g.rows).map((r) => [r.key, r]));
  const repositories = data.repositories.map((r) => {
    const row = rowByRepo.get(r.name);
    return {
      ...r,
      meanRecall: row?.meanRecall ?? null,
      meanPrecision: row?.meanPrecision ?? null,
      configurations: row ? Object.keys(row.cells).length : 0,
    };
  });
  return { configurations, groups, repositories };
}

function meanOf(cells: Record<string, TableCell>, include: Set<string>, metric: "recall" | "precision"): number | null {
  const values = Object.entries(cells)
    .filter(([id]) => include.has(id))
    .map(([, c]) => c[metric])
    .filter((v): v is number => v !== null);
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Ids of the best cells of a row for a metric (all ties), for highlighting. */
export function bestCells(row: TableRow, metric: "recall" | "precision", among: string[]): Set<string> {
  let best = -Infinity;
  for (const id of among) best = Math.max(best, row.cells[id]?.[metric] ?? -Infinity);
  if (!Number.isFinite(best)) return new Set();
  return new Set(among.filter((id) => row.cells[id]?.[metric] === best));
}
