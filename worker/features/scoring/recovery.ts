import { Prisma } from "../../../lib/generated/prisma/client";
import { scoringQueue } from "../../../lib/queue/scoring-queue";
import type { StrandedRows } from "../../jobs/reconcile";

/** Submissions queued or being scored whose lease has passed: queued again by the reconciler under their own id. */
export const strandedScoring: StrandedRows = {
  queue: scoringQueue,
  jobName: "score-submission",
  table: "Submission",
  lease: "scoringLeaseUntil",
  pending: Prisma.sql`"scoringStatus" IN ('queued', 'scoring')`,
  payload: (submissionId) => ({ submissionId }),
  jobId: (submissionId) => submissionId,
  rowOf: (data) => scoringQueue.payload.safeParse(data).data?.submissionId,
};
