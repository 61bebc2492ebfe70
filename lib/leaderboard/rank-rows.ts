import { intervalsOverlap } from "../scoring/interval";
import type { Interval } from "../scoring/types";

// Pure (also bundled into the browser, where filters change which rows are neighbours).
//
// Rank: by F1, highest first, ties broken by recall; rows without an F1 are not ranked.
//
// "Cannot be told apart": a ranked row is marked against the row ranked directly above it when BOTH their 95%
// Clopper-Pearson intervals overlap, for recall and for precision. Overlapping intervals do not prove two
// configurations equal, and non-overlap is a stricter test than a two-sample test at 5%, so the mark is deliberately
// cautious: it says "the data do not separate these two", never "A beats B". Rows without counts (numbers published
// without finding counts) have no interval and are never marked.

type Rankable = {
  id: string;
  f1: number | null;
  recall: number | null;
  recall_ci: Interval | null;
  precision_ci: Interval | null;
};

export type RankInfo = { rank: number | null; tiedWithRank: number | null };

/** The ranking order of two rows with an F1: higher F1 first, then higher recall, then by id (stable). */
export function compareRanked(
  a: Pick<Rankable, "id" | "f1" | "recall">,
  b: Pick<Rankable, "id" | "f1" | "recall">,
): number {
  return b.f1! - a.f1! || (b.recall ?? 0) - (a.recall ?? 0) || (a.id < b.id ? -1 : 1);
}

export function rankRows(rows: Rankable[]): Map<string, RankInfo> {
  const ranked = rows.filter((r) => r.f1 !== null).sort(compareRanked);
  const result = new Map<string, RankInfo>();
  ranked.forEach((row, index) => {
    const above = ranked[index - 1];
    result.set(row.id, { rank: index + 1, tiedWithRank: above && cannotTellApart(row, above) ? index : null });
  });
  for (const row of rows) if (!result.has(row.id)) result.set(row.id, { rank: null, tiedWithRank: null });
  return result;
}

function cannotTellApart(a: Rankable, b: Rankable): boolean {
  if (!a.recall_ci || !b.recall_ci || !a.precision_ci || !b.precision_ci) return false;
  return intervalsOverlap(a.recall_ci, b.recall_ci) && intervalsOverlap(a.precision_ci, b.precision_ci);
}
