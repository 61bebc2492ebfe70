import { db } from "../../db";
import { AppError, parseOrThrow } from "../../errors";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { revokeUserTokens } from "../tokens/api-tokens";
import { createUserInputSchema } from "./create-user-input";
import { hashPassword } from "./password";
import { revokeUserSessions } from "./sessions";
import { roleSchema } from "../../contracts/common";

// Operator commands for the CLI (DATABASE_URL access is the authority here, e.g. to recover from a locked-out
// admin). They are audit-logged like admin actions, with no actor and the reason "operator (CLI)".

async function findByEmail(email: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  return user;
}

export async function setUserRole(email: string, role: string): Promise<{ email: string; from: string; to: string }> {
  const to = parseOrThrow(roleSchema, role, "The role");
  const user = await findByEmail(email);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { role: to } });
    await recordAuditLog(tx, {
      actorId: null,
      action: "user.role",
      target: `user:${user.id}`,
      reason: "operator (CLI)",
      details: { email: user.email, from: user.role, to },
    });
  });
  return { email: user.email, from: user.role, to };
}

/**
 * Sets a new password, signs the user out everywhere and revokes their API tokens: a reset usually follows a suspected
 * compromise, and a token minted by whoever held the account must not outlive it.
 */
export async function setUserPassword(
  email: string,
  password: string,
): Promise<{ email: string; revokedSessions: number; revokedTokens: number }> {
  const { password: valid } = parseOrThrow(
    createUserInputSchema.pick({ password: true }).required(),
    { password },
    "The password",
  );
  const user = await findByEmail(email);
  const passwordHash = await hashPassword(valid);
  const revokedTokens = await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    const revoked = await revokeUserTokens(tx, user.id);
    await recordAuditLog(tx, {
      actorId: null,
      action: "user.password",
      target: `user:${user.id}`,
      reason: "operator (CLI)",
      details: { email: user.email, revoked_tokens: revoked },
    });
    return revoked;
  });
  return { email: user.email, revokedSessions: await revokeUserSessions(user.id), revokedTokens };
}
