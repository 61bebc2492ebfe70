import "server-only";
import { db } from "../../db";

// The reference bugs of a repeated entry's benchmark version and, per run, the ones it matched (the current scoring
// attempt's matches): what Figures 7, 8 and 9's subset curves compare runs on. Read once for all three.

/** The submission as its reader already loaded it: runs in upload order, the current scoring attempt. */
export type RunsSubmission = {
  id: string;
  benchmarkId: string;
  scoredAt: Date | null;
  scoringAttemptId: string;
  runs: readonly { id: string }[];
};

export type RunMatches = {
  /** Every reference bug of the version (a verified entry is scored on all its repositories), in id order. */
  references: { id: string; repositoryId: string; category: string | null }[];
  /** Per run, in upload order, the reference bug ids it matched. */
  found: Set<string>[];
  /** The current attempt's matches of the submission's findings, one row per finding and reference bug. */
  matches: { findingId: string; referenceId: string; runId: string }[];
};

/** Null for one run or an unscored submission. Two queries, run together. */
export async function readRunMatches(submission: RunsSubmission): Promise<RunMatches | null> {
  const submissionId = submission.id;
  if (submission.runs.length < 2 || !submission.scoredAt) return null;
  const [references, matches] = await Promise.all([
    db.referenceBug.findMany({
      where: { repository: { benchmarkId: submission.benchmarkId } },
      select: { id: true, repositoryId: true, category: true },
      orderBy: { id: "asc" },
    }),
    db.$queryRaw<{ findingId: string; referenceId: string; runId: string }[]>`
      SELECT m."findingId", m."referenceBugId" AS "referenceId", f."runId"
      FROM "Match" m JOIN "Finding" f ON f.id = m."findingId" JOIN "Run" r ON r.id = f."runId"
      WHERE m."attemptId" = ${submission.scoringAttemptId} AND r."submissionId" = ${submissionId}`,
  ]);
  const position = new Map(submission.runs.map((run, i) => [run.id, i]));
  const found = submission.runs.map(() => new Set<string>());
  for (const m of matches) found[position.get(m.runId)!]!.add(m.referenceId);
  return {
    // The benchmark's own category; a blank one counts as none.
    references: references.map((r) => ({ ...r, category: r.category?.trim() || null })),
    found,
    matches,
  };
}
