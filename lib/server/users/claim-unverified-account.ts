import { db } from "../../db";
import { recordAuditLog } from "../audit-log/record-audit-log";

export type LinkedIdentity = { provider: string; providerAccountId: string; type: string };

/**
 * What a sign-in with an identity whose provider verified `email` finds among existing accounts:
 * - "none": no account has the address (the caller creates one);
 * - "claimed": an account had it unverified (self-registered with a password) and is now the verified owner's;
 * - "taken": a verified account has it (operator-created, or verified by an earlier GitHub sign-in); never taken over;
 * - "disabled": an unverified account has it, but an admin disabled it; left to an admin.
 */
export type ClaimResult = "none" | "claimed" | "taken" | "disabled";

/**
 * Lets the verified owner of an address take back an account someone registered with it without proving it (email
 * squatting). The account becomes the owner's: the identity is linked to it, the address is marked verified, and
 * whatever the registrant could sign in or call the API with is discarded: the password, every session and every
 * API token. Role and submissions stay with the account. One transaction, audit-logged; a concurrent sign-in that
 * verified the account first wins (the update is guarded on the address still being unverified).
 */
export async function claimUnverifiedAccount(email: string, identity: LinkedIdentity): Promise<ClaimResult> {
  const address = email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { email: address },
      include: { _count: { select: { accounts: true, submissions: true } } },
    });
    if (!user) return "none";
    if (user.emailVerified || user._count.accounts > 0) return "taken";
    if (user.disabledAt) return "disabled";
    const now = new Date();
    const claimed = await tx.user.updateMany({
      where: { id: user.id, emailVerified: null },
      data: { emailVerified: now, passwordHash: null },
    });
    if (claimed.count === 0) return "taken";
    const sessions = await tx.session.deleteMany({ where: { userId: user.id } });
    const tokens = await tx.apiToken.updateMany({
      where: { userId: user.id, revokedAt: null },
      data: { revokedAt: now },
    });
    await tx.account.create({ data: { userId: user.id, ...identity } });
    await recordAuditLog(tx, {
      actorId: null,
      action: "user.claim",
      target: `user:${user.id}`,
      reason: `the ${identity.provider}-verified owner of the address signed in; the unverified registration's password, sessions and tokens were discarded`,
      details: {
        email: address,
        provider: identity.provider,
        providerAccountId: identity.providerAccountId,
        hadPassword: user.passwordHash !== null,
        sessionsRevoked: sessions.count,
        tokensRevoked: tokens.count,
        role: user.role,
        submissions: user._count.submissions,
      },
    });
    return "claimed";
  });
}
