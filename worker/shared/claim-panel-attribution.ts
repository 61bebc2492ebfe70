import { Prisma } from "../../lib/generated/prisma/client";
import type { Job } from "bullmq";
import { PANEL_ATTRIBUTION_QUEUES, type PanelAttributionKind } from "../../lib/queue/panel-attribution-queues";
import { db } from "../../lib/db";
import type { CallUsage, StructuredClient } from "../../lib/llm/structured-client";
import type { JobErrorClassifier } from "../jobs/classify-job-error";
import { assertClaimHeld, claimFencedRow, type FencedTable } from "../jobs/fenced-row";
import { runClaimedJob, type JobContext } from "../jobs/run-claimed-job";

// Panel and attribution job rows (PanelRun, AttributionRun, ReferenceAttributionRun), fenced by their token (worker/jobs/fenced-row.ts): every
// claim takes a new token and every write of the row checks it, so after a lapsed lock only the latest claimant
// moves the row.

export type PanelAttributionClaim = { kind: PanelAttributionKind; runId: string; token: number };

const TABLE: Record<PanelAttributionKind, FencedTable> = {
  panel: { table: "PanelRun", lease: "leaseUntil" },
  attribution: { table: "AttributionRun", lease: "leaseUntil" },
  "reference-attribution": { table: "ReferenceAttributionRun", lease: "leaseUntil" },
};

/** Claims a queued or running job row; null when there is nothing to do (done, failed, or deleted). */
export async function claimPanelAttribution(
  kind: PanelAttributionKind,
  runId: string,
): Promise<PanelAttributionClaim | null> {
  const row = await claimFencedRow(db, TABLE[kind], runId, {
    set: Prisma.sql`status = 'running', error = NULL, "updatedAt" = now()`,
    claimable: Prisma.sql`status IN ('queued', 'running')`,
  });
  return row ? { kind, runId, token: row.token } : null;
}

type RunUpdate = Prisma.PanelRunUpdateManyMutationInput &
  Prisma.AttributionRunUpdateManyMutationInput &
  Prisma.ReferenceAttributionRunUpdateManyMutationInput;

function updateRows(kind: PanelAttributionKind, where: { id: string; claimToken?: number }, data: RunUpdate) {
  if (kind === "panel") return db.panelRun.updateMany({ where, data });
  if (kind === "attribution") return db.attributionRun.updateMany({ where, data });
  return db.referenceAttributionRun.updateMany({ where, data });
}

/** Updates the job row only while the claim holds; throws LostClaimError otherwise. */
export async function updatePanelAttribution(claim: PanelAttributionClaim, data: RunUpdate): Promise<void> {
  const { count } = await updateRows(claim.kind, { id: claim.runId, claimToken: claim.token }, data);
  assertClaimHeld(count, `${claim.kind} run ${claim.runId}`);
}

/** The columns each job row counts its spend in (PanelRun.spent*, the attribution rows' calls, tokens and cost). */
const attributionSpend = (u: CallUsage): RunUpdate => ({
  judgeCalls: { increment: 1 },
  inputTokens: { increment: u.inputTokens },
  cachedInputTokens: { increment: u.cachedInputTokens },
  outputTokens: { increment: u.outputTokens },
  costUsd: { increment: u.costUsd },
});
const SPEND: Record<PanelAttributionKind, (u: CallUsage) => RunUpdate> = {
  panel: (u) => ({
    spentCalls: { increment: 1 },
    spentInputTokens: { increment: u.inputTokens },
    spentCachedInputTokens: { increment: u.cachedInputTokens },
    spentOutputTokens: { increment: u.outputTokens },
    spentUsd: { increment: u.costUsd },
  }),
  attribution: attributionSpend,
  "reference-attribution": attributionSpend,
};

/**
 * Runs a panel or attribution job with what it pays counted call by call on its row. Not fenced: a superseded or killed attempt's
 * calls were paid for too; a retried job pays again only for what it had not stored.
 */
export function withSpendCounted<T>(
  claim: PanelAttributionClaim,
  client: StructuredClient,
  work: () => Promise<T>,
): Promise<T> {
  return client.withUsage((u) => updateRows(claim.kind, { id: claim.runId }, SPEND[claim.kind](u)), work);
}

/** A progress writer that writes only when the percentage moves. */
export function progressWriter(claim: PanelAttributionClaim, onProgress?: (percent: number) => Promise<void>) {
  let last = -1;
  return async (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (p === last) return;
    last = p;
    await updatePanelAttribution(claim, { progress: p });
    await onProgress?.(p);
  };
}

/** A panel or attribution job through the one lifecycle: claim its run row, run `work`, record a failure on the row. */
export function runPanelAttributionJob(
  kind: PanelAttributionKind,
  job: Job,
  classify: JobErrorClassifier,
  work: (claim: PanelAttributionClaim, context: JobContext) => Promise<unknown>,
): Promise<unknown> {
  return runClaimedJob(job, {
    parse: PANEL_ATTRIBUTION_QUEUES[kind].queue.payload,
    claim: ({ runId }) => claimPanelAttribution(kind, runId),
    lease: (claim) => ({ fenced: TABLE[kind], id: claim.runId, token: claim.token }),
    logFields: ({ runId }) => ({ runId }),
    classify,
    record: (claim, { message, final }) =>
      updatePanelAttribution(claim, final ? { status: "failed", error: message } : { error: message }),
    work,
  });
}
