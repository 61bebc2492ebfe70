import "server-only";
import { loadLeaderboardData } from "./load-leaderboard-data";
import { invalidInput } from "../../errors";
import { FULL_HARNESS } from "../../contracts/bug-types";

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

/**
 * Refuses a `harness` that no public configuration of the version names (besides "all" and the full harness, always
 * valid): each distinct value would otherwise be computed and cached apart, and answered as if it meant something.
 */
export async function assertKnownHarness(benchmarkKey: string, harness: string): Promise<void> {
  const wanted = harness.toLowerCase();
  if (wanted === "all" || wanted === FULL_HARNESS) return;
  const known = await listPublicHarnesses(benchmarkKey);
  if (known.some((h) => h.toLowerCase() === wanted)) return;
  throw invalidInput(`Unknown harness in ${benchmarkKey}`, [
    {
      path: "harness",
      message: `no public configuration has this harness; use "all", "${FULL_HARNESS}"${known.length ? ` or one of: ${known.slice(0, 20).join(", ")}` : ""}`,
    },
  ]);
}
