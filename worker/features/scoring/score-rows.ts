import type { Prisma } from "../../../lib/generated/prisma/client";
import type { Score, ScoreBreakdown } from "../../../lib/scoring/types";

// Score rows of a submission: one per (run or mean or curve point, scope, key).

export function scoreRow(
  submissionId: string,
  runId: string | null,
  kind: string,
  n: number,
  scope: string,
  key: string,
  m: Score,
): Prisma.ScoreCreateManyInput {
  return {
    submissionId,
    runId,
    kind,
    n,
    scope,
    key,
    recall: m.recall,
    precision: m.precision,
    f1: m.f1,
    matchedReferenceBugs: m.matched_reference_bugs,
    referenceBugs: m.reference_bugs,
    matchedFindings: m.matched_findings,
    findings: m.findings,
    distinctFindings: null,
    matchedDistinctFindings: null,
  };
}

/**
 * The rows of a breakdown; `distinct` (repeated runs) goes on the overall row: the run's distinct findings (or their
 * mean) and how many of them match a reference bug.
 */
export function breakdownRows(
  submissionId: string,
  runId: string | null,
  kind: string,
  n: number,
  b: ScoreBreakdown,
  distinct?: { distinct: number; matched: number },
): Prisma.ScoreCreateManyInput[] {
  return [
    {
      ...scoreRow(submissionId, runId, kind, n, "overall", "", b.overall),
      distinctFindings: distinct?.distinct ?? null,
      matchedDistinctFindings: distinct?.matched ?? null,
    },
    ...b.languages.map((l) => scoreRow(submissionId, runId, kind, n, "language", l.language, l)),
    ...b.repositories.map((r) => scoreRow(submissionId, runId, kind, n, "repository", r.repo, r)),
  ];
}
