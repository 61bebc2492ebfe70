import type { z } from "zod";
import type { Viewer } from "../../auth/viewer";
import { db } from "../../db";
import { PAIR_SIGNALS_SELECT } from "../../db-selects";
import { AppError } from "../../errors";
import { findingPublicId } from "../../workbench/finding-ids";
import { groupMatches, type RepositoryMatches } from "../../workbench/group-matches";
import type { ReportLocation } from "../../workbench/reference-visibility";
import { sortByStrength, strongestSignal } from "../../workbench/signal-strength";
import { loadWorkbenchSubmission, pickRun } from "./load-workbench-submission";
import type { matchesQuerySchema } from "../../contracts/workbench";

// GET /api/v1/submissions/{id}/matches and the per-submission workbench page: one run's matched pairs, missed
// reference bugs and unmatched findings per repository, read from the rows of the current scoring attempt.

export type MatchesQuery = Omit<z.output<typeof matchesQuerySchema>, "format">;

export type MatchesFinding = ReportLocation & {
  title: string;
  // The strongest candidate pair of an unmatched finding: near misses first (null when the prefilter kept none).
  nearest: { reference_bug_id: string; signal: string; strength: number } | null;
};

export type ReferenceRow = {
  id: string;
  repo: string;
  title: string | null;
  file: string | null;
  line_start: number | null;
  line_end: number | null;
  severity: string | null;
};

export async function getSubmissionMatches(id: string, viewer: Viewer, query: MatchesQuery = {}) {
  const submission = await loadWorkbenchSubmission(id, viewer);
  const run = pickRun(submission, query.run);
  const repositories = query.repo
    ? submission.benchmark.repositories.filter((r) => r.name === query.repo)
    : submission.benchmark.repositories;
  if (query.repo && repositories.length === 0)
    throw new AppError("not_found", `Repository ${query.repo} is not part of ${submission.benchmarkKey}`);
  const repositoryIds = repositories.map((r) => r.id);
  const repoName = new Map(submission.benchmark.repositories.map((r) => [r.id, r.name]));
  const scored = submission.scoringStatus === "scored";
  const attemptId = submission.scoringAttemptId;

  const [findings, references, matches, pairs] = await Promise.all([
    db.finding.findMany({
      where: { runId: run.id, repositoryId: { in: repositoryIds } },
      orderBy: { ordinal: "asc" },
      select: {
        id: true,
        ordinal: true,
        externalId: true,
        repositoryId: true,
        file: true,
        lineStart: true,
        lineEnd: true,
        title: true,
      },
    }),
    db.referenceBug.findMany({
      where: { repositoryId: { in: repositoryIds } },
      orderBy: { externalId: "asc" },
      select: {
        id: true,
        externalId: true,
        repositoryId: true,
        title: true,
        file: true,
        lineStart: true,
        lineEnd: true,
        severity: true,
      },
    }),
    scored
      ? db.match.findMany({
          where: { attemptId, finding: { runId: run.id, repositoryId: { in: repositoryIds } } },
          select: { findingId: true, referenceBugId: true, source: true },
        })
      : [],
    scored
      ? db.candidatePair.findMany({
          where: { attemptId, finding: { runId: run.id, repositoryId: { in: repositoryIds } } },
          select: {
            findingId: true,
            referenceBugId: true,
            ...PAIR_SIGNALS_SELECT,
          },
        })
      : [],
  ]);
  const refById = new Map(references.map((r) => [r.id, r]));
  const nearest = new Map<string, MatchesFinding["nearest"]>();
  for (const p of pairs) {
    const best = strongestSignal(p);
    const current = nearest.get(p.findingId);
    if (!current || best.strength > current.strength)
      nearest.set(p.findingId, {
        reference_bug_id: refById.get(p.referenceBugId)?.externalId ?? "",
        signal: best.signal,
        strength: best.strength,
      });
  }
  // With hidden reference details, how close a finding came to a reference bug is a hint of where that bug is.
  const visible = submission.detailsVisible;
  const findingRows = findings.map((f) => ({
    key: f.id,
    id: findingPublicId(f, run.index),
    repo: repoName.get(f.repositoryId)!,
    file: f.file,
    line_start: f.lineStart,
    line_end: f.lineEnd,
    title: f.title,
    nearest: visible ? (nearest.get(f.id) ?? null) : null,
  }));
  const grouped: RepositoryMatches[] = groupMatches({
    repos: repositories.map((r) => r.name),
    findings: findingRows,
    references: references.map((r) => ({ key: r.id, id: r.externalId, repo: repoName.get(r.repositoryId)! })),
    matches: matches.map((m) => ({ findingKey: m.findingId, referenceKey: m.referenceBugId, source: m.source })),
  });
  const referenceRows = new Map<string, ReferenceRow>(
    references.map((r) => [
      r.externalId,
      {
        id: r.externalId,
        repo: repoName.get(r.repositoryId)!,
        title: visible ? r.title : null,
        file: visible ? r.file : null,
        line_start: visible ? r.lineStart : null,
        line_end: visible ? r.lineEnd : null,
        severity: r.severity,
      },
    ]),
  );
  const findingById = new Map(findingRows.map(({ key: _key, ...f }) => [f.id, f]));
  // Unmatched findings, near misses first (in the API too).
  const unmatchedFindings = (group: RepositoryMatches): MatchesFinding[] =>
    sortByStrength(
      group.unmatched_finding_ids
        .map((fid) => findingById.get(fid)!)
        .map((f) => ({ ...f, strength: f.nearest?.strength ?? null })),
    );
  const groups = grouped.map((g) => ({ ...g, unmatched_finding_ids: unmatchedFindings(g).map((f) => f.id) }));
  return {
    submission: {
      id: submission.id,
      model: submission.model,
      reasoning_effort: submission.reasoningEffort,
      harness: submission.harness,
      benchmark: submission.benchmarkKey,
      status: submission.scoringStatus,
      progress: submission.scoringProgress,
      review_status: submission.reviewStatus,
      runs: submission.runs.length,
      reference_visibility: submission.benchmark.referenceVisibility,
      details_visible: visible,
    },
    run: run.index,
    repositories: groups,
    findings: findingById,
    references: referenceRows,
    unmatchedFindings,
  };
}

export type SubmissionMatches = Awaited<ReturnType<typeof getSubmissionMatches>>;

/** The API answer (the shape in docs/api.md, plus status, runs and each matched bug's pairs). */
export function matchesJson(m: SubmissionMatches) {
  return {
    submission_id: m.submission.id,
    run: m.run,
    runs: m.submission.runs,
    status: m.submission.status,
    repositories: m.repositories,
  };
}

/** Per repository of one run: reference bugs and how many were matched (the matches page's repository tabs). */
export async function getMatchCounts(
  id: string,
  viewer: Viewer,
  run?: number,
): Promise<{ repo: string; matched: number; reference_bugs: number }[]> {
  const submission = await loadWorkbenchSubmission(id, viewer);
  const chosen = pickRun(submission, run);
  const repositoryIds = submission.benchmark.repositories.map((r) => r.id);
  const [refs, matched] = await Promise.all([
    db.referenceBug.groupBy({
      by: ["repositoryId"],
      where: { repositoryId: { in: repositoryIds } },
      _count: { _all: true },
    }),
    submission.scoringStatus === "scored"
      ? db.$queryRaw<{ repositoryId: string; n: bigint }[]>`
          SELECT f."repositoryId", count(DISTINCT m."referenceBugId") AS n
          FROM "Match" m JOIN "Finding" f ON f.id = m."findingId"
          WHERE f."runId" = ${chosen.id} AND m."attemptId" = ${submission.scoringAttemptId}
          GROUP BY f."repositoryId"`
      : [],
  ]);
  const refCount = new Map(refs.map((r) => [r.repositoryId, r._count._all]));
  const matchedCount = new Map(matched.map((m) => [m.repositoryId, Number(m.n)]));
  return submission.benchmark.repositories.map((r) => ({
    repo: r.name,
    matched: matchedCount.get(r.id) ?? 0,
    reference_bugs: refCount.get(r.id) ?? 0,
  }));
}
