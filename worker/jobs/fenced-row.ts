import { Prisma } from "../../lib/generated/prisma/client";
import { db, type Tx } from "../../lib/db";
import { leaseEnd } from "./lease";
import { LostClaimError } from "./lost-claim";

// The one fencing rule of every job row (a submission's scoring, a panel or attribution run, an audit pass). A BullMQ
// lock can lapse (a stalled worker, a Redis restart) and hand the job to a second worker while the first still runs.
// A claim therefore takes a new token in the same statement that checks the row is claimable, and every write of the
// row checks that token in its own statement: only the latest claimant moves the row, an earlier one gets
// LostClaimError (and run-claimed-job.ts stops it without writing). The claim also starts the row's lease, which its
// claimant renews while it works (lease.ts): a row whose lease has passed is queued again by the reconciler.

/** A job row's table and its lease column, as named in the schema (its fencing token is "claimToken" on every one). */
export type FencedTable = { table: string; lease: string };

/**
 * Claims row `id` when `claimable` holds: increments its token, starts its lease and applies `set` in one statement.
 * Returns the new token with any `returning` columns, or null when the row is not claimable (done, failed, held or
 * deleted).
 */
export async function claimFencedRow<R extends object = object>(
  client: Pick<Tx, "$queryRaw">,
  fenced: FencedTable,
  id: string,
  opts: { set: Prisma.Sql; claimable: Prisma.Sql; returning?: Prisma.Sql },
): Promise<(R & { token: number }) | null> {
  const lease = Prisma.raw(`"${fenced.lease}"`);
  const returning = opts.returning ? Prisma.sql`, ${opts.returning}` : Prisma.empty;
  const rows = await client.$queryRaw<(R & { token: number })[]>`
    UPDATE ${Prisma.raw(`"${fenced.table}"`)} SET "claimToken" = "claimToken" + 1, ${lease} = ${leaseEnd()}, ${opts.set}
    WHERE id = ${id} AND (${opts.claimable})
    RETURNING "claimToken" AS token${returning}`;
  return rows[0] ?? null;
}

/** claimFencedRow outside a transaction: the claims of job rows that need no other write with them. */
export function claimRow<R extends object = object>(
  fenced: FencedTable,
  id: string,
  opts: { set: Prisma.Sql; claimable: Prisma.Sql; returning?: Prisma.Sql },
): Promise<(R & { token: number }) | null> {
  return claimFencedRow<R>(db, fenced, id, opts);
}

/** A fenced write's check: the write matched the claimed row with its token, or the claim was lost. */
export function assertClaimHeld(count: number, what: string): void {
  if (count !== 1) throw new LostClaimError(what);
}
