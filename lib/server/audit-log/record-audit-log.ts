import type { Prisma } from "../../generated/prisma/client";

export type AuditLogEntry = {
  // null when the system acted on its own (e.g. ADMIN_EMAILS promotion)
  actorId: string | null;
  // dotted verb: submission.approve, submission.reject, user.role, user.quota, user.disable, user.enable, user.claim
  action: string;
  // "<kind>:<id>", e.g. submission:ck..., user:ck...
  target: string;
  reason?: string | null;
  details?: Prisma.InputJsonValue;
};

/** Writes an audit log row inside the caller's transaction, so an action and its record commit together. */
export async function recordAuditLog(tx: Prisma.TransactionClient, entry: AuditLogEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      target: entry.target,
      reason: entry.reason ?? null,
      details: entry.details,
    },
  });
}
