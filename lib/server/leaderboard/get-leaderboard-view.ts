import "server-only";
import { AppError } from "../../errors";
import { computeLeaderboardView } from "../../leaderboard/compute-leaderboard-view";
import { dataAsOf } from "../../leaderboard/history";
import { loadLeaderboardData } from "./load-leaderboard-data";
import type { LeaderboardView } from "../../leaderboard/types";

/**
 * The leaderboard of one benchmark version for a scope. Unlike the page (which ignores what it cannot show), the API
 * refuses repositories or a language that the version does not have, so a typo never silently widens the scope.
 */
export async function getLeaderboardView(query: {
  benchmark?: string;
  repos?: string[];
  language?: string;
  as_of?: string;
}): Promise<LeaderboardView> {
  const data = await loadLeaderboardData(query.benchmark);
  const known = new Set(data.repositories.map((r) => r.name));
  const unknown = (query.repos ?? []).filter((r) => !known.has(r));
  if (unknown.length > 0) {
    throw new AppError(
      "invalid_input",
      `Unknown repositories in ${data.benchmark.key}`,
      unknown.slice(0, 50).map((r) => ({ path: "repos", message: `unknown repository "${r}"` })),
    );
  }
  if (query.language && !data.languages.includes(query.language)) {
    throw new AppError("invalid_input", `Unknown language in ${data.benchmark.key}`, [
      { path: "language", message: `must be one of ${data.languages.join(", ")}` },
    ]);
  }
  const asOf = query.as_of ?? null;
  return computeLeaderboardView(
    asOf ? dataAsOf(data, asOf) : data,
    { repos: query.repos, language: query.language ?? null },
    asOf,
  );
}
