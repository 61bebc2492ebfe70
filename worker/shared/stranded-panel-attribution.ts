import { Prisma } from "../../lib/generated/prisma/client";
import { PANEL_ATTRIBUTION_QUEUES, type PanelAttributionKind } from "../../lib/queue/panel-attribution-queues";
import type { StrandedRows } from "../jobs/reconcile";

const TABLE: Record<PanelAttributionKind, string> = {
  panel: "PanelRun",
  attribution: "AttributionRun",
  "reference-attribution": "ReferenceAttributionRun",
};

/** Panel, attribution and reference-attribution runs queued or running whose lease has passed (reconcile.ts). */
export function strandedPanelAttribution(kind: PanelAttributionKind): StrandedRows {
  const { queue, job } = PANEL_ATTRIBUTION_QUEUES[kind];
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
