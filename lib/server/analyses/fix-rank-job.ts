import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";

/**
 * A fenced write of a claimed fix-rank job (one per version, keyed by the version's id): applied only while the
 * claim's token is the row's `claimToken` (its latest claim). Returns how many rows it changed (0: a later claim took
 * the row).
 */
export async function updateClaimedFixRankJob(
  claim: { benchmarkId: string; token: number },
  data: Prisma.FixRankJobUpdateManyMutationInput,
): Promise<number> {
  const { count } = await db.fixRankJob.updateMany({ where: { id: claim.benchmarkId, claimToken: claim.token }, data });
  return count;
}
