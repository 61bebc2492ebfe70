import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { rankHistory, type RankPoint } from "../../leaderboard/history";
import type { LeaderboardData } from "../../leaderboard/types";
import type { rankHistorySchema } from "../../contracts/public-reads";
import { PUBLIC_SUBMISSION } from "../public-reads/public-submission";
import { loadLeaderboardData } from "./load-leaderboard-data";

export type RankHistory = z.output<typeof rankHistorySchema>;

// Rank histories computed from one loaded data (a new object whenever the version's stamp moves), once per entry.
const computed = new WeakMap<LeaderboardData, Map<string, RankPoint[]>>();

/** A public entry's rank over time (lib/leaderboard/history.ts); "not found" for any entry not on the board. */
export async function getRankHistory(id: string): Promise<RankHistory> {
  const history = await findRankHistory(id);
  if (!history) throw new AppError("not_found", "No public entry with this id");
  return history;
}

/** As getRankHistory; null for an entry not on the board. */
export async function findRankHistory(id: string): Promise<RankHistory | null> {
  const submission = await db.submission.findFirst({
    where: { id, ...PUBLIC_SUBMISSION },
    select: { benchmark: { select: { slug: true, version: true } } },
  });
  if (!submission) return null;
  const data = await loadLeaderboardData(`${submission.benchmark.slug}@${submission.benchmark.version}`);
  const entry = data.entries.find((e) => e.id === id);
  if (!entry) return null;
  let cache = computed.get(data);
  if (!cache) computed.set(data, (cache = new Map()));
  let points = cache.get(id);
  if (!points) cache.set(id, (points = rankHistory(data, id)));
  return { id, benchmark: data.benchmark, coverage: entry.coverage, stamp: data.stamp, points };
}

/** The history as CSV: one line per point, CRLF line ends as the other CSV downloads (RFC 4180). */
export function rankHistoryCsv(history: RankHistory): string {
  const lines = ["date,rank,ranked", ...history.points.map((p) => `${p.date},${p.rank ?? ""},${p.ranked}`)];
  return `${lines.join("\r\n")}\r\n`;
}
