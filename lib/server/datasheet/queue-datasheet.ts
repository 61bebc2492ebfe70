import { db } from "../../db";
import { log } from "../../observability/log";
import { enqueueDatasheet } from "../../queue/datasheet-queue";

/** How long an import waits for Redis before leaving the queued row to the worker's start-up recovery. */
const ENQUEUE_WAIT_MS = 5_000;

/**
 * Queues the recomputation of a version's datasheet after its data changed (benchmark, fix-dates, snapshot and
 * reported imports): the row goes to "queued" with a new token (a computation already running will not store its
 * result), then the worker's job computes it. The page and the API show "computing" meanwhile, beside the last sheet.
 */
export async function queueDatasheet(benchmarkId: string): Promise<void> {
  const row = await db.benchmarkDatasheet.upsert({
    where: { benchmarkId },
    create: { benchmarkId, status: "queued", claimToken: 1 },
    update: { status: "queued", error: null, claimToken: { increment: 1 } },
    select: { id: true, claimToken: true },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      enqueueDatasheet(row.id, row.claimToken),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis did not answer within ${ENQUEUE_WAIT_MS} ms`)),
          ENQUEUE_WAIT_MS,
        );
      }),
    ]);
  } catch (error) {
    log.warn(
      { benchmarkId, err: error instanceof Error ? error.message : String(error) },
      "datasheet not queued: it is computed when a worker next starts",
    );
  } finally {
    clearTimeout(timer);
  }
}
