import { db } from "../../db";
import { BUG_TEXT_SELECT } from "../../db-selects";

// What scoring reads (the worker's scoring feature): the submission with its runs, their findings page by page, the
// version's reference bugs (a light key first, then the texts), and the maintainers' match overrides.

const BUG_SELECT = { id: true, repositoryId: true, ...BUG_TEXT_SELECT, contentHash: true } as const;

/** The submission with its benchmark's repositories and its runs in order; null when it does not exist. */
export function readSubmissionToScore(submissionId: string) {
  return db.submission.findUnique({
    where: { id: submissionId },
    include: {
      benchmark: { include: { repositories: true } },
      runs: { orderBy: { index: "asc" }, select: { id: true, index: true } },
    },
  });
}

/** One page (by id, after `after`) of the version's reference bugs' ids, repositories and content hashes. */
export function listReferenceBugKeys(benchmarkId: string, after: string | undefined, take: number) {
  return db.referenceBug.findMany({
    where: { repository: { benchmarkId }, ...(after ? { id: { gt: after } } : {}) },
    select: { id: true, repositoryId: true, contentHash: true },
    orderBy: { id: "asc" },
    take,
  });
}

/** The texts of the reference bugs `ids`, by id. */
export function readReferenceBugTexts(ids: string[]) {
  return db.referenceBug.findMany({ where: { id: { in: ids } }, select: BUG_SELECT, orderBy: { id: "asc" } });
}

/** The highest finding ordinal of the run, or null when it has none. */
export async function lastFindingOrdinal(runId: string): Promise<number | null> {
  const last = await db.finding.aggregate({ where: { runId }, _max: { ordinal: true } });
  return last._max.ordinal;
}

/** The run's findings with ordinals in [from, to), in order, with their texts and suggested fixes. */
export function readRunFindings(runId: string, from: number, to: number) {
  return db.finding.findMany({
    where: { runId, ordinal: { gte: from, lt: to } },
    orderBy: { ordinal: "asc" },
    select: { ...BUG_SELECT, suggestedFix: true },
  });
}

/** The maintainers' match overrides of findings with these content hashes. */
export function listMatchOverrides(findingHashes: string[]) {
  return db.matchOverride.findMany({
    where: { findingContentHash: { in: findingHashes } },
    select: { findingContentHash: true, referenceHash: true, match: true },
  });
}

/** The judge batches recorded on the submission (ids of batches sent to the provider), or null. */
export async function readRecordedJudgeBatches(submissionId: string) {
  const row = await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { judgeBatches: true } });
  return row.judgeBatches;
}
