import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";

/**
 * A fenced write of a claimed fix-rank job (one per version, keyed by the version's id): applied only while `token`
 * is the row's latest claim. Returns how many rows it changed (0: a later claim took the row).
 */
export async function updateClaimedFixRankJob(
  claim: { benchmarkId: string; token: number },
  data: Prisma.FixRankJobUpdateManyMutationInput,
): Promise<number> {
  const { count } = await db.fixRankJob.updateMany({ where: { id: claim.benchmarkId, token: claim.token }, data });
  return count;
}
