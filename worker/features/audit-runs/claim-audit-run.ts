import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { db } from "../../../lib/db";
import { Prisma } from "../../../lib/generated/prisma/client";
import { assertClaimHeld, claimFencedRow, type FencedTable } from "../../jobs/fenced-row";

// The job claims of an audit run (worker/jobs/fenced-row.ts): the start step's claim of the run, each pass's claim of
// its row, and the pass's fenced writes. A claim increments the row's fencing token and resets the pass's progress:
// a worker killed mid-pass loses only this pass's attempt, and a superseded attempt writes nothing.

/** The start step's claim of a run: its token and lease (worker/jobs/lease.ts); the passes carry the run after. */
export const RUN_START: FencedTable = { table: "AuditRun", lease: "leaseUntil" };

export type RunStartClaim = { runId: string; token: number };

/**
 * Claims the start of a run: a queued run, or a running one whose start never ended (its lease is still set). Null
 * when the run has started (or ended) already.
 */
export async function claimRunStart(runId: string): Promise<RunStartClaim | null> {
  const row = await claimFencedRow(db, RUN_START, runId, {
    set: Prisma.sql`"updatedAt" = now()`,
    claimable: Prisma.sql`status = 'queued' OR (status = 'running' AND "leaseUntil" IS NOT NULL)`,
  });
  return row ? { runId, token: row.token } : null;
}

/** The start has queued every pass: its lease ends, and from now on the passes' leases carry the run. */
export async function endRunStart(claim: RunStartClaim): Promise<void> {
  await db.auditRun.updateMany({ where: { id: claim.runId, claimToken: claim.token }, data: { leaseUntil: null } });
}

export type PassClaim = { passId: string; runId: string; token: number; attempt: number };

export const PASS: FencedTable = { table: "AuditPass", lease: "leaseUntil" };

/** Claims a queued or running pass for a new attempt; null when it is done, failed, stopped or skipped. */
export async function claimPass(passId: string): Promise<PassClaim | null> {
  return db.$transaction(async (tx) => {
    // Done, failed, stopped or skipped: a job that runs again changes nothing.
    const row = await claimFencedRow<{ runId: string; attempts: number }>(tx, PASS, passId, {
      set: Prisma.sql`status = 'running', attempts = attempts + 1, turns = 0, "inputTokens" = 0, "cachedInputTokens" = 0, "outputTokens" = 0,
        "costUsd" = 0, error = NULL, "startedAt" = now() AT TIME ZONE 'UTC', "finishedAt" = NULL`,
      claimable: Prisma.sql`status IN ('queued', 'running')`,
      returning: Prisma.sql`"runId", attempts`,
    });
    if (!row) return null;
    // The transcript shown is the latest attempt's: a lost attempt's messages go.
    await tx.auditPassMessage.deleteMany({ where: { passId, attempt: { lt: row.attempts } } });
    return { passId, runId: row.runId, token: row.token, attempt: row.attempts };
  });
}

/** A fenced write of the claimed pass, with the messages it appends (from `firstSeq`) and what the run spent. */
export async function updateClaimedPass(
  claim: PassClaim,
  data: Prisma.AuditPassUpdateManyMutationInput,
  messages: ChatCompletionMessageParam[] = [],
  firstSeq = 0,
  runSpend?: Prisma.AuditRunUpdateInput,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.auditPass.updateMany({ where: { id: claim.passId, claimToken: claim.token }, data });
    assertClaimHeld(count, `pass ${claim.passId}`);
    // The run's spend moves with the pass's turn, in one transaction: a worker lost between the two would otherwise
    // leave tokens spent that the run's budget never sees.
    if (runSpend) await tx.auditRun.update({ where: { id: claim.runId }, data: runSpend });
    if (messages.length) {
      await tx.auditPassMessage.createMany({
        data: messages.map((message, i) => ({
          passId: claim.passId,
          attempt: claim.attempt,
          seq: firstSeq + i,
          message: message as unknown as Prisma.InputJsonValue,
        })),
      });
    }
  });
}
