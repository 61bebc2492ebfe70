import { Prisma } from "../../lib/generated/prisma/client";
import type { FindingReviewKind } from "../../lib/queue/finding-review-queues";
import { db } from "../../lib/db";
import type { CallUsage, StructuredClient } from "../../lib/llm/structured-client";
import { LostClaimError } from "../jobs/lost-claim";

// Fencing for panel and attribution jobs, as for scoring (claim-submission.ts): every claim takes a new token and
// every write of the job row checks it, so after a lapsed lock only the latest claimant moves the row.

export type FindingReviewClaim = { kind: FindingReviewKind; runId: string; token: number };

const TABLE = { panel: Prisma.sql`"PanelRun"`, attribution: Prisma.sql`"AttributionRun"` } as const;

/** Claims a queued or running job row; null when there is nothing to do (done, failed, or deleted). */
export async function claimFindingReview(kind: FindingReviewKind, runId: string): Promise<FindingReviewClaim | null> {
  const rows = await db.$queryRaw<{ token: number }[]>`
    UPDATE ${TABLE[kind]} SET token = token + 1, status = 'running', error = NULL, "updatedAt" = now()
    WHERE id = ${runId} AND status IN ('queued', 'running')
    RETURNING token`;
  return rows[0] ? { kind, runId, token: rows[0].token } : null;
}

type RunUpdate = Prisma.PanelRunUpdateManyMutationInput & Prisma.AttributionRunUpdateManyMutationInput;

function updateRows(
  kind: FindingReviewKind,
  where: Prisma.PanelRunWhereInput & Prisma.AttributionRunWhereInput,
  data: RunUpdate,
) {
  return kind === "panel" ? db.panelRun.updateMany({ where, data }) : db.attributionRun.updateMany({ where, data });
}

/** Updates the job row only while the claim holds; throws LostClaimError otherwise. */
export async function updateFindingReview(claim: FindingReviewClaim, data: RunUpdate): Promise<void> {
  const { count } = await updateRows(claim.kind, { id: claim.runId, token: claim.token }, data);
  if (count !== 1) throw new LostClaimError(`${claim.kind} run ${claim.runId}`);
}

/** The columns each job row counts its spend in (PanelRun.spent*, AttributionRun's calls, tokens and cost). */
const SPEND: Record<FindingReviewKind, (u: CallUsage) => RunUpdate> = {
  panel: (u) => ({
    spentCalls: { increment: 1 },
    spentInputTokens: { increment: u.inputTokens },
    spentOutputTokens: { increment: u.outputTokens },
    spentUsd: { increment: u.costUsd },
  }),
  attribution: (u) => ({
    judgeCalls: { increment: 1 },
    inputTokens: { increment: u.inputTokens },
    outputTokens: { increment: u.outputTokens },
    costUsd: { increment: u.costUsd },
  }),
};

/**
 * Runs a panel or attribution job with what it pays counted call by call on its row. Not fenced: a superseded or killed attempt's
 * calls were paid for too; a retried job pays again only for what it had not stored.
 */
export function withSpendCounted<T>(
  claim: FindingReviewClaim,
  client: StructuredClient,
  work: () => Promise<T>,
): Promise<T> {
  return client.withUsage((u) => updateRows(claim.kind, { id: claim.runId }, SPEND[claim.kind](u)), work);
}

/** A progress writer that writes only when the percentage moves. */
export function progressWriter(claim: FindingReviewClaim, onProgress?: (percent: number) => Promise<void>) {
  let last = -1;
  return async (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (p === last) return;
    last = p;
    await updateFindingReview(claim, { progress: p });
    await onProgress?.(p);
  };
}
