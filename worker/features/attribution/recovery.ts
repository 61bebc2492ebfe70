import { db } from "../../../lib/db";
import { enqueueFindingReview } from "../../../lib/queue/finding-review-queues";

/** Re-queues every attribution run still queued (its row was written, its job lost); returns how many. */
export async function requeueLostAttributions(): Promise<number> {
  const runs = await db.attributionRun.findMany({
    where: { status: "queued" },
    select: { id: true, updatedAt: true },
  });
  for (const run of runs) await enqueueFindingReview("attribution", run.id, run.updatedAt.getTime());
  return runs.length;
}

/** The same for the reference labels of a version and classifier configuration. */
export async function requeueLostReferenceAttributions(): Promise<number> {
  const runs = await db.referenceAttributionRun.findMany({
    where: { status: "queued" },
    select: { id: true, updatedAt: true },
  });
  for (const run of runs) await enqueueFindingReview("reference-attribution", run.id, run.updatedAt.getTime());
  return runs.length;
}
