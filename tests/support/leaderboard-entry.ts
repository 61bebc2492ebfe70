import type { LeaderboardEntry } from "../../lib/leaderboard/types";

// One leaderboard entry for pure tests and benches: a single verified upload, public since 2025-01-01, with no scores,
// panel or metadata unless `patch` says otherwise.
export function leaderboardEntry(id: string, patch: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    id,
    model: id,
    effort: null,
    harness: null,
    source: "verified",
    submissionSource: "upload",
    costUsd: null,
    runs: 1,
    date: null,
    coverage: "full",
    offlineJudge: false,
    offlineEmbedder: false,
    openModel: null,
    organisation: null,
    modelLicence: null,
    parameterCount: null,
    publicPeriods: [{ from: "2025-01-01T00:00:00.000Z", to: null }],
    reportUrl: null,
    notes: null,
    panel: null,
    contamination: null,
    postCutoff: null,
    overall: null,
    languages: {},
    repositories: {},
    runScores: [],
    ...patch,
  };
}
