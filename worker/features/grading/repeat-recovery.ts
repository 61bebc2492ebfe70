import { Prisma } from "../../../lib/generated/prisma/client";
import { repeatJudgingQueue } from "../../../lib/queue/repeat-judging-queue";
import type { StrandedRows } from "../../jobs/reconcile";

/** Repeats queued or running whose lease has passed: queued again by the reconciler under their own id. */
export const strandedRepeatJudgings: StrandedRows = {
  queue: repeatJudgingQueue,
  jobName: "repeat-judge",
  table: "RepeatJudging",
  lease: "leaseUntil",
  pending: Prisma.sql`status IN ('queued', 'running')`,
  payload: (repeatId) => ({ repeatId }),
  jobId: (repeatId) => repeatId,
  rowOf: (data) => repeatJudgingQueue.payload.safeParse(data).data?.repeatId,
};
