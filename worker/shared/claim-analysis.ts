import { Prisma } from "../../lib/generated/prisma/client";
import type { AnalysisKind } from "../../lib/queue/analysis-queues";
import { db } from "../../lib/db";
import { LostClaimError } from "../jobs/lost-claim";

// Fencing for panel and attribution jobs, as for scoring (claim-submission.ts): every claim takes a new token and
// every write of the job row checks it, so after a lapsed lock only the latest claimant moves the row.

export type AnalysisClaim = { kind: AnalysisKind; runId: string; token: number };

const TABLE = { panel: Prisma.sql`"PanelRun"`, attribution: Prisma.sql`"AttributionRun"` } as const;

/** Claims a queued or running job row; null when there is nothing to do (done, failed, or deleted). */
export async function claimAnalysis(kind: AnalysisKind, runId: string): Promise<AnalysisClaim | null> {
  const rows = await db.$queryRaw<{ token: number }[]>`
    UPDATE ${TABLE[kind]} SET token = token + 1, status = 'running', error = NULL, "updatedAt" = now()
    WHERE id = ${runId} AND status IN ('queued', 'running')
    RETURNING token`;
  return rows[0] ? { kind, runId, token: rows[0].token } : null;
}

type RunUpdate = Prisma.PanelRunUpdateManyMutationInput & Prisma.AttributionRunUpdateManyMutationInput;

/** Updates the job row only while the claim holds; throws LostClaimError otherwise. */
export async function updateAnalysis(claim: AnalysisClaim, data: RunUpdate): Promise<void> {
  const where = { id: claim.runId, token: claim.token };
  const { count } =
    claim.kind === "panel"
      ? await db.panelRun.updateMany({ where, data })
      : await db.attributionRun.updateMany({ where, data });
  if (count !== 1) throw new LostClaimError(`${claim.kind} run ${claim.runId}`);
}

/** A progress writer that writes only when the percentage moves. */
export function progressWriter(claim: AnalysisClaim, onProgress?: (percent: number) => Promise<void>) {
  let last = -1;
  return async (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (p === last) return;
    last = p;
    await updateAnalysis(claim, { progress: p });
    await onProgress?.(p);
  };
}
