import "server-only";
import { db } from "../../db";
import { cutoffEnd } from "../../analyses/fix-rank";
import { benchmarkKey } from "../../validation/benchmark-ref";
import type { PostCutoffRecall } from "../../leaderboard/types";
import { reportedCutoffOf } from "../analyses/read-analyses";

// Recall over the reference bugs fixed after each entry's knowledge cut-off, beside its full recall: a model trained
// after a fix may have read it, which is what refreshed versions exist for (docs/building-benchmarks.md#fresh-versions).
// Fix dates are the version's (each reference bug's fixed_at, from its fix commit); bugs without one are left out.
// A verified entry's recall is the mean over its runs of the bugs its current scoring matched; a reported entry has
// no stored matches, so only the count and the freshest version are given. The freshest version is the newest of the
// same benchmark whose window starts (its snapshot date, T0) after the cut-off.

type EntrySource = {
  id: string;
  source: string;
  knowledgeCutoff: string | null;
  reportedData: unknown;
  scoringAttemptId: string | null;
  runs: { id: string }[];
};

export async function readPostCutoffRecall(
  benchmark: { id: string; slug: string },
  submissions: readonly EntrySource[],
): Promise<Map<string, PostCutoffRecall>> {
  const cutoffs = new Map<string, string>();
  for (const s of submissions) {
    const cutoff = s.source === "reported" ? reportedCutoffOf(s.reportedData).cutoff : s.knowledgeCutoff;
    if (cutoff && cutoffEnd(cutoff) !== null) cutoffs.set(s.id, cutoff);
  }
  const result = new Map<string, PostCutoffRecall>();
  if (cutoffs.size === 0) return result;

  const [bugs, versions] = await Promise.all([
    db.referenceBug.findMany({
      where: { repository: { benchmarkId: benchmark.id }, fixedAt: { not: null } },
      select: { id: true, fixedAt: true },
    }),
    db.benchmark.findMany({
      where: { slug: benchmark.slug },
      select: { slug: true, version: true, snapshotDate: true },
      orderBy: { snapshotDate: "desc" },
    }),
  ]);
  const fixedAt = new Map(bugs.map((b) => [b.id, b.fixedAt!.getTime()]));
  const verified = submissions.filter((s) => s.source !== "reported" && s.scoringAttemptId && cutoffs.has(s.id));
  // One read of the matched (run, reference bug) pairs of the entries that have a cut-off.
  const matched = verified.length
    ? await db.$queryRaw<{ runId: string; referenceBugId: string }[]>`
        SELECT DISTINCT f."runId", m."referenceBugId"
        FROM "Match" m
        JOIN "Finding" f ON f.id = m."findingId"
        JOIN "Run" r ON r.id = f."runId"
        JOIN "Submission" s ON s.id = r."submissionId"
        WHERE s.id = ANY(${verified.map((s) => s.id)}) AND m."attemptId" = s."scoringAttemptId"`
    : [];
  const byRun = new Map<string, string[]>();
  for (const m of matched) byRun.set(m.runId, [...(byRun.get(m.runId) ?? []), m.referenceBugId]);

  for (const s of submissions) {
    const cutoff = cutoffs.get(s.id);
    if (!cutoff) continue;
    const end = cutoffEnd(cutoff)!;
    const after = bugs.filter((b) => fixedAt.get(b.id)! > end).length;
    let mean: number | null = null;
    if (s.source !== "reported" && s.scoringAttemptId && s.runs.length > 0) {
      const perRun = s.runs.map(
        (run) => (byRun.get(run.id) ?? []).filter((id) => (fixedAt.get(id) ?? -Infinity) > end).length,
      );
      mean = perRun.reduce((a, b) => a + b, 0) / perRun.length;
    }
    const fresh = versions.find((v) => v.snapshotDate.getTime() > end);
    result.set(s.id, {
      knowledge_cutoff: cutoff,
      reference_bugs: after,
      matched_reference_bugs: mean,
      recall: mean !== null && after > 0 ? mean / after : null,
      newest_version_after_cutoff: fresh ? benchmarkKey(fresh) : null,
    });
  }
  return result;
}
