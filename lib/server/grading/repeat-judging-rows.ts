import { db } from "../../db";
import { BUG_TEXT_SELECT } from "../../db-selects";
import { env } from "../../env";
import { Prisma } from "../../generated/prisma/client";
import { judgeTextOfRow, type JudgeText } from "../../llm/judge-messages";

// The worker's reads and writes of a RepeatJudging row (docs/grading.md, "Repeat agreement"): the claim, the
// fenced updates, the pairs still to ask and their verdicts. Fenced like every job row (worker/jobs/fenced-row.ts):
// a claim takes a new token and starts the lease in one statement, and every write names that token, so a claimant
// whose job was handed to another worker writes nothing. A write returns whether the claim still held; the worker
// turns false into its lost-claim stop.

export const REPEAT_JUDGING_TABLE = { table: "RepeatJudging", lease: "leaseUntil" } as const;

export type RepeatClaim = {
  repeatId: string;
  token: number;
  judgeModel: string;
  promptVersion: string;
  configHash: string;
};

/** Claims a queued or running repeat; null when there is nothing to do (done, failed or deleted). */
export async function claimRepeatJudging(repeatId: string): Promise<RepeatClaim | null> {
  const rows = await db.$queryRaw<Omit<RepeatClaim, "repeatId">[]>`
    UPDATE "RepeatJudging"
    SET "claimToken" = "claimToken" + 1,
        "leaseUntil" = (now() AT TIME ZONE 'UTC') + ${env.JOB_LEASE_MS} * interval '1 millisecond',
        status = 'running', error = NULL, "updatedAt" = now()
    WHERE id = ${repeatId} AND status IN ('queued', 'running')
    RETURNING "claimToken" AS token, "judgeModel", "promptVersion", "configHash"`;
  return rows[0] ? { repeatId, ...rows[0] } : null;
}

/** Updates the repeat while the claim holds; false when a later claim took it. */
export async function updateRepeatJudging(
  claim: RepeatClaim,
  data: Prisma.RepeatJudgingUpdateManyMutationInput,
): Promise<boolean> {
  const { count } = await db.repeatJudging.updateMany({ where: { id: claim.repeatId, claimToken: claim.token }, data });
  return count === 1;
}

const TEXT = { select: { ...BUG_TEXT_SELECT, repository: { select: { name: true } } } } as const;

export type PendingRepeatPair = { position: number; finding: JudgeText; referenceBug: JudgeText };

/**
 * The drawn pairs without a repeat verdict, with the texts the judge reads: the finding first, the reference bug
 * second, as scoring asks. A pair whose finding or reference bug is gone is left undecided.
 */
export async function pendingRepeatPairs(repeatId: string): Promise<{ drawn: number; pending: PendingRepeatPair[] }> {
  const [drawn, rows] = await Promise.all([
    db.repeatJudgingPair.count({ where: { repeatId } }),
    db.repeatJudgingPair.findMany({
      where: { repeatId, repeatMatch: null },
      orderBy: { position: "asc" },
      select: { position: true, findingId: true, referenceBugId: true },
    }),
  ]);
  const [findings, bugs] = await Promise.all([
    db.finding.findMany({ where: { id: { in: rows.map((r) => r.findingId) } }, select: { id: true, ...TEXT.select } }),
    db.referenceBug.findMany({
      where: { id: { in: rows.map((r) => r.referenceBugId) } },
      select: { id: true, ...TEXT.select },
    }),
  ]);
  const findingById = new Map(findings.map((f) => [f.id, judgeTextOfRow(f)]));
  const bugById = new Map(bugs.map((b) => [b.id, judgeTextOfRow(b)]));
  const pending: PendingRepeatPair[] = [];
  for (const r of rows) {
    const finding = findingById.get(r.findingId);
    const referenceBug = bugById.get(r.referenceBugId);
    if (finding && referenceBug) pending.push({ position: r.position, finding, referenceBug });
  }
  return { drawn, pending };
}

/** Stores repeat verdicts of drawn pairs, while the claim holds (false otherwise: nothing is written). */
export async function recordRepeatVerdicts(
  claim: RepeatClaim,
  verdicts: readonly { position: number; match: boolean; rationale: string }[],
): Promise<boolean> {
  if (verdicts.length === 0) return true;
  return db.$transaction(async (tx) => {
    // The row lock fences the batch: a later claim cannot slip in between the check and the writes.
    const held = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "RepeatJudging" WHERE id = ${claim.repeatId} AND "claimToken" = ${claim.token} FOR UPDATE`;
    if (held.length === 0) return false;
    await tx.$executeRaw`
      UPDATE "RepeatJudgingPair" p SET "repeatMatch" = v.match, rationale = v.rationale
      FROM unnest(${verdicts.map((v) => v.position)}::int[], ${verdicts.map((v) => v.match)}::boolean[],
                  ${verdicts.map((v) => v.rationale)}::text[]) AS v(position, match, rationale)
      WHERE p."repeatId" = ${claim.repeatId} AND p.position = v.position`;
    return true;
  });
}

/** The calls queued or running trials and repeats hold against JUDGE_CALL_BUDGET (one budget for both). */
export async function heldJudgeCalls(tx: Pick<Prisma.TransactionClient, "$queryRaw">, except: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ held: number }[]>`
    SELECT (coalesce((SELECT sum("plannedCalls") FROM "JudgeTrial"
                      WHERE status IN ('queued', 'running') AND id <> ${except}), 0)
          + coalesce((SELECT sum("plannedCalls") FROM "RepeatJudging"
                      WHERE status IN ('queued', 'running') AND id <> ${except}), 0))::int AS held`;
  return row?.held ?? 0;
}

/** The advisory lock every reservation of trial and repeat calls takes, so two cannot both pass the budget. */
export const JUDGE_CALL_BUDGET_LOCK = Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('judge-trial-budget'))`;
