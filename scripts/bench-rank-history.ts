// npx tsx scripts/bench-rank-history.ts - an entry's rank over time (lib/leaderboard/history.ts) at a large board's
// shape: 200 entries, each approved on its own day, so 200 days on which the board changed. Pure, no database.
import { rankHistory } from "../lib/leaderboard/history";
import type { LeaderboardData, LeaderboardEntry } from "../lib/leaderboard/types";
import { leaderboardEntry } from "../tests/support/leaderboard-entry";

const ENTRIES = 200;
const entries: LeaderboardEntry[] = Array.from({ length: ENTRIES }, (_, i) => {
  const f1 = ((i * 7919) % 1000) / 1000;
  return leaderboardEntry(`e${i}`, {
    model: `model ${i}`,
    publicPeriods: [{ from: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), to: null }],
    overall: {
      recall: f1,
      precision: f1,
      f1,
      matched_reference_bugs: Math.round(f1 * 400),
      reference_bugs: 400,
      matched_findings: Math.round(f1 * 900),
      findings: 900,
    },
  });
});
const data = { entries, repositories: [], languages: [] } as unknown as LeaderboardData;

const times: number[] = [];
let points = 0;
for (let i = 0; i < 50; i++) {
  const start = performance.now();
  points = rankHistory(data, `e${i}`).length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(
  `rank history, ${ENTRIES} entries over ${ENTRIES} change days: ${points} points for the last entry timed; ` +
    `median ${times[25]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over 50 entries`,
);
