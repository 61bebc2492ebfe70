import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";

// What a build's stages read and write of its commits and candidates (the worker's benchmark-build feature): each
// stage takes the candidates the previous one kept, records its decision on each, and counts what it passes on.

const FIX_ORDER = [{ fixedAt: "asc" }, { ordinal: "asc" }] as const;

/** The repository's commit window and T0 as the commits stage found them, in one transaction (a rerun adds none). */
export async function recordCommitWindow(
  repositoryId: string,
  snapshot: { snapshotCommit: string; snapshotDate: Date; defaultBranch: string },
  commits: Omit<Prisma.BenchmarkBuildCommitCreateManyInput, "repositoryId">[],
): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.benchmarkBuildRepository.update({ where: { id: repositoryId }, data: snapshot });
    await tx.benchmarkBuildCommit.createMany({
      data: commits.map((c) => ({ ...c, repositoryId })),
      skipDuplicates: true,
    });
  });
}

/** The repository's commits the classifier has not decided yet, in window order. */
export function listUnclassifiedCommits(repositoryId: string) {
  return db.benchmarkBuildCommit.findMany({
    where: { repositoryId, isBugFix: null },
    orderBy: { position: "asc" },
    select: { id: true, sha: true },
  });
}

/** The classifier's decision on one commit. */
export async function recordCommitClassification(
  commitId: string,
  data: { isBugFix: boolean; confidence: number; rationale: string },
): Promise<void> {
  await db.benchmarkBuildCommit.update({ where: { id: commitId }, data });
}

/** The build's commits classified as bug fixes. */
export function countBugFixCommits(buildId: string): Promise<number> {
  return db.benchmarkBuildCommit.count({ where: { buildId, isBugFix: true } });
}

/** The repository's bug-fix commits in window order, with their dates. */
export function listBugFixCommits(repositoryId: string) {
  return db.benchmarkBuildCommit.findMany({
    where: { repositoryId, isBugFix: true },
    orderBy: { position: "asc" },
    select: { sha: true, committedAt: true },
  });
}

/** The parent of each of the repository's bug-fix commits, by commit. */
export async function readBugFixParents(repositoryId: string): Promise<Map<string, string | null>> {
  const rows = await db.benchmarkBuildCommit.findMany({
    where: { repositoryId, isBugFix: true },
    select: { sha: true, parentSha: true },
  });
  return new Map(rows.map((c) => [c.sha, c.parentSha]));
}

/** The repository's last commit of the window, or null. */
export function readLastWindowCommit(repositoryId: string) {
  return db.benchmarkBuildCommit.findFirst({
    where: { repositoryId },
    orderBy: { position: "desc" },
    select: { sha: true },
  });
}

/** The commits the extractor has read already (they have candidates). */
export async function listExtractedCommits(repositoryId: string): Promise<Set<string>> {
  const rows = await db.benchmarkBuildCandidate.findMany({
    where: { repositoryId },
    select: { commitSha: true },
    distinct: ["commitSha"],
  });
  return new Set(rows.map((c) => c.commitSha));
}

/** Stores the extractor's candidates of one commit; candidates stored already are kept. */
export async function insertCandidates(rows: Prisma.BenchmarkBuildCandidateCreateManyInput[]): Promise<void> {
  await db.benchmarkBuildCandidate.createMany({ data: rows, skipDuplicates: true });
}

/** The repository's candidates kept at `stage`, in fix order (`byId`: ties broken by id). */
export function listKeptCandidates(repositoryId: string, stage: string, byId = false) {
  return db.benchmarkBuildCandidate.findMany({
    where: { repositoryId, stage, verdict: "kept" },
    orderBy: byId ? [...FIX_ORDER, { id: "asc" }] : [...FIX_ORDER],
  });
}
export type BuildCandidate = Awaited<ReturnType<typeof listKeptCandidates>>[number];

/** Records what a stage decided about one candidate (its stage, verdict, pin, report, rationale). */
export async function recordCandidateDecision(
  candidateId: string,
  data: Prisma.BenchmarkBuildCandidateUpdateInput,
): Promise<void> {
  await db.benchmarkBuildCandidate.update({ where: { id: candidateId }, data });
}

/** The dedup stage's decisions of one repository, in one transaction: a rerun finds it all done or all pending. */
export async function recordDedupDecisions(
  decisions: { id: string; data: Prisma.BenchmarkBuildCandidateUpdateInput }[],
): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const { id, data } of decisions) await tx.benchmarkBuildCandidate.update({ where: { id }, data });
  });
}

/** The build's candidates matching `where` (a stage's count passed on). */
export function countCandidates(
  buildId: string,
  where: Omit<Prisma.BenchmarkBuildCandidateWhereInput, "buildId"> = {},
): Promise<number> {
  return db.benchmarkBuildCandidate.count({ where: { buildId, ...where } });
}
