import { compareRanked } from "./rank-rows";
import type { LeaderboardData, LeaderboardEntry, PublicPeriod } from "./types";

// Pure: the board as it stood on a past date, and an entry's rank over time. An entry counts from its approval (the
// audit log's submission.approve) until a rejection takes it off (submission.reject); entries approved before the
// audit log recorded approvals (imports of published results) count from their scoring. Only entries public today
// appear in any past view: an entry taken off the board does not come back through its history, so a past view
// never shows more than today's. The numbers are each entry's current scores (a rescore replaces them), so a past
// view answers "who was on the board, in what order by today's scores", not the figures shown that day.

/** An approval or a rejection of one entry, oldest first. */
export type ReviewEvent = { action: "approve" | "reject"; at: Date };

/** When an entry was public: from each approval to the rejection that followed (open while it still is). */
export function publicPeriodsOf(events: readonly ReviewEvent[], fallbackFrom: Date): PublicPeriod[] {
  const periods: PublicPeriod[] = [];
  let open: Date | null = null;
  for (const event of events) {
    if (event.action === "approve" && open === null) open = event.at;
    else if (event.action === "reject" && open !== null) {
      periods.push({ from: open.toISOString(), to: event.at.toISOString() });
      open = null;
    }
  }
  // The entry is public now (only such entries are loaded): its last period is open, from its last approval, or from
  // its scoring when no approval was recorded after its last rejection.
  const last = periods.at(-1);
  const from = open ?? (last && new Date(last.to!) > fallbackFrom ? new Date(last.to!) : fallbackFrom);
  periods.push({ from: from.toISOString(), to: null });
  return periods;
}

/** The instant that closes a UTC day (the start of the next): a view "as of" a date includes all of that day. */
function endOfDay(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** Whether the entry was on the board at the instant (ISO strings compare in time order). */
function publicAt(entry: Pick<LeaderboardEntry, "publicPeriods">, instant: string): boolean {
  return entry.publicPeriods.some((p) => p.from < instant && (p.to === null || p.to >= instant));
}

/** The data with only the entries on the board at the end of `date` (YYYY-MM-DD, UTC). */
export function dataAsOf(data: LeaderboardData, date: string): LeaderboardData {
  const instant = endOfDay(date);
  return { ...data, entries: data.entries.filter((e) => publicAt(e, instant)) };
}

/** One point of an entry's rank history: its rank at the end of a day the board changed (null while off it). */
export type RankPoint = { date: string; rank: number | null; ranked: number };

/**
 * The entry's rank (by F1 over every repository, among the entries of its coverage, as the board ranks by default)
 * at the end of each day any entry joined or left the board, from the day it was first approved; a point is kept
 * only where the rank or the number of ranked entries changed. Empty for an entry that is not on the board.
 */
export function rankHistory(data: LeaderboardData, entryId: string): RankPoint[] {
  const entry = data.entries.find((e) => e.id === entryId);
  if (!entry) return [];
  // The board's default view ranks every repository by the stored overall cell (compute-leaderboard-view.ts), so
  // each peer's place is fixed: only who is on the board changes from day to day.
  const peers = data.entries
    .filter((e) => e.coverage === entry.coverage)
    .map((e) => ({ entry: e, id: e.id, f1: e.overall?.f1 ?? null, recall: e.overall?.recall ?? null }));
  const self = peers.find((p) => p.id === entryId)!;
  const first = entry.publicPeriods[0]!.from.slice(0, 10);
  const days = new Set<string>();
  for (const { entry: e } of peers)
    for (const p of e.publicPeriods)
      for (const at of [p.from, p.to]) if (at && at.slice(0, 10) >= first) days.add(at.slice(0, 10));
  const points: RankPoint[] = [];
  for (const date of [...days].sort()) {
    const instant = endOfDay(date);
    const ranked = peers.filter((p) => p.f1 !== null && publicAt(p.entry, instant));
    const rank =
      self.f1 !== null && publicAt(entry, instant)
        ? 1 + ranked.filter((p) => p.id !== entryId && compareRanked(p, self) < 0).length
        : null;
    const point = { date, rank, ranked: ranked.length };
    const previous = points.at(-1);
    if (!previous || previous.rank !== point.rank || previous.ranked !== point.ranked) points.push(point);
  }
  return points;
}
