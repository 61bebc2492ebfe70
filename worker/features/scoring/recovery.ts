import { db } from "../../../lib/db";
import { enqueueScoring } from "../../../lib/queue/scoring-queue";

/** Re-queues every submission still queued for scoring (its row was written, its job lost); returns how many. */
export async function requeueLostScoring(): Promise<number> {
  const orphans = await db.submission.findMany({ where: { scoringStatus: "queued" }, select: { id: true } });
  for (const { id } of orphans) await enqueueScoring(id);
  return orphans.length;
}
