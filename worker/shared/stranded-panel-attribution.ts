import { Prisma } from "../../lib/generated/prisma/client";
import { FINDING_REVIEW_QUEUES, type FindingReviewKind } from "../../lib/queue/finding-review-queues";
import type { StrandedRows } from "../jobs/reconcile";

const TABLE: Record<FindingReviewKind, string> = {
  panel: "PanelRun",
  attribution: "AttributionRun",
  "reference-attribution": "ReferenceAttributionRun",
};

/** Panel, attribution and reference-attribution runs queued or running whose lease has passed (reconcile.ts). */
export function strandedFindingReviews(kind: FindingReviewKind): StrandedRows {
  const { queue, job } = FINDING_REVIEW_QUEUES[kind];
  return {
    queue,
    jobName: job,
    table: TABLE[kind],
    lease: "leaseUntil",
    pending: Prisma.sql`status IN ('queued', 'running')`,
    payload: (runId) => ({ runId }),
    jobId: (runId) => `${runId}-reconciled`,
    rowOf: (data) => queue.payload.safeParse(data).data?.runId,
  };
}
