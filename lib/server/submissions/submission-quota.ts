import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import type pg from "pg";
import type { Prisma } from "../../generated/prisma/client";
import type { z } from "zod";
import type { quotaSchema } from "../../contracts/submissions";

// Fair use: uploads per user in any rolling 24 hours. Submissions whose scoring failed do not count: a judge outage
// must not cost a submitter their quota. Withdrawn ones do count: they were scored.
const WINDOW_MS = 24 * 3600 * 1_000;

export type QuotaStatus = z.input<typeof quotaSchema>;

type Reader = Pick<Prisma.TransactionClient, "user" | "submission">;

export async function getSubmissionQuota(userId: string, client: Reader = db): Promise<QuotaStatus> {
  const user = await client.user.findUnique({ where: { id: userId }, select: { submissionQuotaPerDay: true } });
  const limit = user?.submissionQuotaPerDay ?? env.SUBMISSION_QUOTA_PER_DAY;
  const counted = await client.submission.findMany({
    where: {
      submitterId: userId,
      source: "upload",
      createdAt: { gte: quotaWindowStart() },
      scoringStatus: { not: "failed" },
    },
    select: { createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  return quotaStatus(
    limit,
    counted.map((c) => c.createdAt),
  );
}

function quotaWindowStart(now = Date.now()): Date {
  return new Date(now - WINDOW_MS);
}

/** The quota from the limit and the counted uploads' times (oldest first). */
function quotaStatus(limit: number, counted: Date[]): QuotaStatus {
  const used = counted.length;
  // When full, the next slot opens as the oldest counted upload leaves the window.
  const freeing = limit > 0 && used >= limit ? counted[used - limit]! : undefined;
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resets_at: freeing ? new Date(freeing.getTime() + WINDOW_MS).toISOString() : null,
  };
}

function quotaError(quota: QuotaStatus): AppError {
  const retryAfter = quota.resets_at
    ? Math.max(1, Math.ceil((Date.parse(quota.resets_at) - Date.now()) / 1_000))
    : 24 * 3600;
  const when = quota.resets_at
    ? ` The next upload is possible at ${quota.resets_at} (in ${formatWait(retryAfter)}).`
    : "";
  const message =
    quota.limit === 0
      ? "Uploads are not enabled for your account. Ask an administrator."
      : `Submission quota reached: ${quota.used} of ${quota.limit} uploads in the last 24 hours.${when} Ask an administrator if you need more.`;
  return new AppError("rate_limited", message, [], { "retry-after": String(retryAfter) });
}

function formatWait(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.ceil((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** A cheap check before an upload is read, so an over-quota user is told at once. */
export async function assertWithinQuota(userId: string): Promise<void> {
  const quota = await getSubmissionQuota(userId);
  if (quota.remaining <= 0) throw quotaError(quota);
}

/**
 * The authoritative check, inside the transaction that inserts the submission (a plain pg connection, see
 * create-submission.ts): a per-user advisory lock makes concurrent uploads of one user queue here, so they cannot all
 * pass the count together.
 */
export async function assertWithinQuotaLocked(client: pg.PoolClient, userId: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`submission-quota:${userId}`]);
  const user = await client.query<{ quota: number | null }>(
    `SELECT "submissionQuotaPerDay" AS quota FROM "User" WHERE id = $1`,
    [userId],
  );
  const counted = await client.query<{ createdAt: Date }>(
    `SELECT ("createdAt" AT TIME ZONE 'UTC') AS "createdAt" FROM "Submission" WHERE "submitterId" = $1 AND source = 'upload' AND "createdAt" >= ($2::timestamptz AT TIME ZONE 'UTC') AND "scoringStatus" <> 'failed' ORDER BY "createdAt"`,
    [userId, quotaWindowStart().toISOString()],
  );
  const quota = quotaStatus(
    user.rows[0]?.quota ?? env.SUBMISSION_QUOTA_PER_DAY,
    counted.rows.map((r) => r.createdAt),
  );
  if (quota.remaining <= 0) throw quotaError(quota);
}
