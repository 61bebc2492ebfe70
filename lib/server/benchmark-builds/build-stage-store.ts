import { db } from "../../db";
import type { BenchmarkBuildStatus, Prisma } from "../../generated/prisma/client";

// What a build's stages read and write of the build and its stage rows (the worker's benchmark-build feature): the
// build, its repositories, the spend, the stage rows' fenced writes and the pauses for an admin's approval.

/** A claimed stage row of a build. */
export type StageClaim = { stageId: string; buildId: string; stage: string; token: number };

/** The build's row. */
export function readBuild(buildId: string) {
  return db.benchmarkBuild.findUniqueOrThrow({ where: { id: buildId } });
}

/** The build's repositories, by name. */
export function listBuildRepositories(buildId: string) {
  return db.benchmarkBuildRepository.findMany({ where: { buildId }, orderBy: { name: "asc" } });
}

/** Where a repository fetched from its clone URL keeps its bundle; the repository's row as it is now. */
export function recordRepositoryBundle(repositoryId: string, bundlePath: string) {
  return db.benchmarkBuildRepository.update({ where: { id: repositoryId }, data: { bundlePath } });
}

/**
 * A fenced write of the claimed stage row: applied only while the claim's token is the row's `claimToken` (its latest
 * claim). Returns how many rows it changed (0: a later claim took the row).
 */
export async function updateClaimedStage(
  claim: StageClaim,
  data: Prisma.BenchmarkBuildStageUpdateManyMutationInput,
): Promise<number> {
  const { count } = await db.benchmarkBuildStage.updateMany({
    where: { id: claim.stageId, claimToken: claim.token },
    data,
  });
  return count;
}

/** What the build has spent and may spend. */
export function readBuildSpend(buildId: string) {
  return db.benchmarkBuild.findUniqueOrThrow({ where: { id: buildId }, select: { spentUsd: true, budgetUsd: true } });
}

/** Adds one call's cost to the build's spend. */
export async function addBuildSpend(buildId: string, costUsd: number): Promise<void> {
  await db.benchmarkBuild.update({ where: { id: buildId }, data: { spentUsd: { increment: costUsd } } });
}

/** Sets the build's status and error (awaiting_approval with why, review, failed with the stage's failure). */
export async function setBuildStatus(
  buildId: string,
  status: BenchmarkBuildStatus,
  error: string | null,
): Promise<void> {
  await db.benchmarkBuild.update({ where: { id: buildId }, data: { status, error } });
}

/** The count a finished stage of the build passed on, or null when it has none. */
export async function readStageCountOut(buildId: string, stage: string): Promise<number | null> {
  const row = await db.benchmarkBuildStage.findUnique({ where: { buildId_stage: { buildId, stage } } });
  return row?.countOut ?? null;
}

/** Records the build's estimate, and when it is over the budget, the wait for an admin's approval with why. */
export async function recordBuildEstimate(
  buildId: string,
  estimate: Prisma.InputJsonValue,
  overBudget: { error: string } | null,
): Promise<void> {
  await db.benchmarkBuild.update({
    where: { id: buildId },
    data: { estimate, ...(overBudget ? { status: "awaiting_approval", error: overBudget.error } : {}) },
  });
}

/** The stage's row, queued, so an approval finds it (an existing row is left as it is). */
export async function ensureQueuedStage(buildId: string, stage: string, position: number): Promise<void> {
  await db.benchmarkBuildStage.upsert({
    where: { buildId_stage: { buildId, stage } },
    create: { buildId, stage, position, status: "queued" },
    update: {},
  });
}

/** The build with its repositories, and the version it was published as (null when it is not published). */
export async function readPublishedBuild(buildId: string) {
  const build = await db.benchmarkBuild.findUniqueOrThrow({ where: { id: buildId }, include: { repositories: true } });
  const version = build.publishedBenchmarkId
    ? await db.benchmark.findUnique({
        where: { id: build.publishedBenchmarkId },
        select: { slug: true, version: true },
      })
    : null;
  return { build, version };
}
