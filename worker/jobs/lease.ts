import { Prisma } from "../../lib/generated/prisma/client";
import { db } from "../../lib/db";
import { env } from "../../lib/env";
import { log } from "../../lib/observability/log";
import type { FencedTable } from "./fenced-row";

// Postgres, not Redis, says whether a job row is being worked on: its claimant holds a lease (an expiry time on the
// row) and renews it every third of JOB_LEASE_MS while the attempt runs. A row queued or running whose lease has
// passed has no one working on it, whatever the queue holds or lost; the reconciler (reconcile.ts) queues it again,
// and the fencing token (fenced-row.ts) keeps a claimant that comes back late from writing.

/** The claim a lease belongs to: the row and the token its claimant holds. */
export type JobLease = { fenced: FencedTable; id: string; token: number };

/** SQL of the end of a lease taken now (timestamps are stored in UTC without a time zone, as Prisma writes them). */
export function leaseEnd(ms = env.JOB_LEASE_MS): Prisma.Sql {
  return Prisma.sql`(now() AT TIME ZONE 'UTC') + ${ms} * interval '1 millisecond'`;
}

/** Extends the lease while the claim holds; false when a later claim took the row (or it ended). */
async function renewLease(lease: JobLease): Promise<boolean> {
  const { fenced } = lease;
  const count = await db.$executeRaw`
    UPDATE ${Prisma.raw(`"${fenced.table}"`)} SET ${Prisma.raw(`"${fenced.lease}"`)} = ${leaseEnd()}
    WHERE id = ${lease.id} AND "claimToken" = ${lease.token}`;
  return count === 1;
}

/**
 * Renews the lease every third of JOB_LEASE_MS until the returned stop is called. A renewal that fails (Postgres
 * briefly away) is tried again at the next tick; one that finds the claim taken stops renewing: the attempt's next
 * fenced write throws LostClaimError.
 */
export function keepLease(lease: JobLease): () => void {
  let stopped = false;
  const timer = setInterval(
    () => {
      renewLease(lease).then(
        (held) => {
          if (held || stopped) return;
          stopped = true;
          clearInterval(timer);
          log.warn({ row: lease.id }, "lease not renewed: the row was claimed by a later attempt");
        },
        (error: unknown) => log.warn({ err: error, row: lease.id }, "lease renewal failed; trying again"),
      );
    },
    Math.max(100, Math.floor(env.JOB_LEASE_MS / 3)),
  );
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
