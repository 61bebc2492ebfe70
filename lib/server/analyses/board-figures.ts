import "server-only";
import { boardFigures, type BoardEntry, type BoardFigures } from "../../analyses/paper-figures";
import { configurationName } from "../../format";
import type { LeaderboardData } from "../../leaderboard/types";

// §4.1's Pearson r between recall and findings and §C.2's Spearman ρ and Kendall's W, over a version's board as the
// cached leaderboard data holds it (lib/analyses/paper-figures.ts boardFigures). Computed once per data stamp by the
// pages that show them (the leaderboard and the repositories page): a few dozen entries, microseconds.

const cache = new WeakMap<LeaderboardData, BoardFigures>();

/** The figures of the board's Table 3 kind of entry (full harness, whole benchmark), memoised per loaded data. */
export function boardFiguresOf(data: LeaderboardData): BoardFigures {
  let figures = cache.get(data);
  if (!figures) {
    const entries: BoardEntry[] = data.entries.map((e) => ({
      id: e.id,
      label: configurationName({ model: e.model, reasoning_effort: e.effort, harness: e.harness }),
      source: e.submissionSource,
      harness: e.harness,
      coverage: e.coverage,
      recall: e.overall?.recall ?? null,
      findings: e.overall?.findings ?? null,
      repositories: Object.fromEntries(
        Object.entries(e.repositories).map(([repo, s]) => [repo, { recall: s.recall, precision: s.precision }]),
      ),
    }));
    figures = boardFigures(
      entries,
      data.repositories.map((r) => ({ name: r.name, bugs: r.referenceBugs })),
    );
    cache.set(data, figures);
  }
  return figures;
}
