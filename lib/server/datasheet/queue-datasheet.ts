import { db } from "../../db";
import { enqueueDatasheet } from "../../queue/datasheet-queue";

/**
 * Queues the recomputation of a version's datasheet after its data changed (benchmark, fix-dates, snapshot and
 * reported imports): the row goes to "queued" with a new token (a computation already running will not store its
 * result), then the worker's job computes it. The page and the API show "computing" meanwhile, beside the last sheet.
 */
export async function queueDatasheet(benchmarkId: string): Promise<void> {
  const row = await db.benchmarkDatasheet.upsert({
    where: { benchmarkId },
    create: { benchmarkId, status: "queued", token: 1 },
    update: { status: "queued", error: null, token: { increment: 1 } },
    select: { id: true, token: true },
  });
  await enqueueDatasheet(row.id, row.token);
}
