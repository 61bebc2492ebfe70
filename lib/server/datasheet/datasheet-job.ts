import { db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";

/**
 * A fenced write of a claimed datasheet row (the worker's datasheet job): applied only while the claim's token is the
 * row's `claimToken` (its latest claim). Returns how many rows it changed (0: a later claim took the row).
 */
export async function updateClaimedDatasheet(
  claim: { datasheetId: string; token: number },
  data: Prisma.BenchmarkDatasheetUpdateManyMutationInput,
): Promise<number> {
  const { count } = await db.benchmarkDatasheet.updateMany({
    where: { id: claim.datasheetId, claimToken: claim.token },
    data,
  });
  return count;
}
