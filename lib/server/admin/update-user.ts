import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { AppError } from "../../errors";
import { revokeUserTokens } from "../tokens/api-tokens";
import { recordAuditLog, type AuditLogEntry } from "../audit-log/record-audit-log";
import type { updatedUserSchema, updateUserBodySchema } from "../../contracts/admin";

/**
 * An admin changes a user's role, quota override or disabled flag. Every change is one audit row, written in the
 * same transaction. Admins cannot demote or disable themselves, so there is always an admin left to undo mistakes.
 */
export async function updateUser(
  actorId: string,
  userId: string,
  change: z.output<typeof updateUserBodySchema>,
): Promise<z.input<typeof updatedUserSchema>> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user) throw new AppError("not_found", "User not found");
    if (userId === actorId && ((change.role && change.role !== "admin") || change.disabled)) {
      throw new AppError("conflict", "You cannot demote or disable your own account; ask another admin");
    }
    const entries: Omit<AuditLogEntry, "actorId" | "target" | "reason">[] = [];
    if (change.role !== undefined && change.role !== user.role) {
      entries.push({ action: "user.role", details: { email: user.email, from: user.role, to: change.role } });
    }
    if (
      change.submission_quota_per_day !== undefined &&
      change.submission_quota_per_day !== user.submissionQuotaPerDay
    ) {
      entries.push({
        action: "user.quota",
        details: { email: user.email, from: user.submissionQuotaPerDay, to: change.submission_quota_per_day },
      });
    }
    // Disabling revokes every API token for good (enabling again does not bring them back): the holder of a disabled
    // account may have minted them, so the user creates fresh ones once trusted again.
    const revokedTokens = change.disabled ? await revokeUserTokens(tx, userId) : 0;
    if (change.disabled !== undefined && change.disabled !== (user.disabledAt !== null)) {
      entries.push({
        action: change.disabled ? "user.disable" : "user.enable",
        details: { email: user.email, ...(change.disabled ? { revoked_tokens: revokedTokens } : {}) },
      });
    }
    const updated = await tx.user.update({
      where: { id: userId },
      data: {
        role: change.role,
        submissionQuotaPerDay: change.submission_quota_per_day,
        disabledAt:
          change.disabled === undefined ? undefined : change.disabled ? (user.disabledAt ?? new Date()) : null,
      },
    });
    // A disabled user is signed out everywhere at once.
    if (change.disabled) await tx.session.deleteMany({ where: { userId } });
    for (const entry of entries)
      await recordAuditLog(tx, { ...entry, actorId, target: `user:${userId}`, reason: change.reason });
    return {
      id: updated.id,
      email: updated.email,
      role: updated.role,
      submission_quota_per_day: updated.submissionQuotaPerDay,
      disabled: updated.disabledAt !== null,
      changes: entries.map((e) => e.action),
      revoked_tokens: revokedTokens,
    };
  });
}
