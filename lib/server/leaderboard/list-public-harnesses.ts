import "server-only";
import { loadLeaderboardData } from "./load-leaderboard-data";

/**
 * The harness labels of a version's public scored configurations (reported rows left out, as in the bug-type shares),
 * each once and case-folded as the shares match them, for the bug-types page's harness choice. Read from the
 * leaderboard data the board already caches by the version's stamp, so a page view adds no query.
 */
export async function listPublicHarnesses(benchmarkKey: string): Promise<string[]> {
  const { entries } = await loadLeaderboardData(benchmarkKey);
  const byKey = new Map<string, string>();
  for (const entry of entries) {
    const label = entry.source === "verified" ? entry.harness?.trim() : undefined;
    if (label && !byKey.has(label.toLowerCase())) byKey.set(label.toLowerCase(), label);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}
