import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { recordAuditLog } from "../audit-log/record-audit-log";
import { hashPassword, verifyPassword } from "./password";

export type SignedInUser = { id: string; email: string; name: string | null };

// Compared against when the email is unknown, so a wrong email costs the same scrypt time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Checks an email + password. Null for any mismatch (unknown email, no password set, wrong password, disabled
 * user) so the answer never tells which. Attempts are limited per email and client to slow password guessing.
 */
export async function authenticateWithPassword(
  email: string,
  password: string,
  client: string,
): Promise<SignedInUser | null> {
  const normalised = email.trim().toLowerCase();
  if (!normalised || !password || password.length > 200 || normalised.length > 320) return null;
  for (const [bucket, key] of [
    ["sign-in", `${normalised}|${client}`],
    ["sign-in-account", normalised],
  ] as const) {
    const limit = await consumeRateLimit(bucket, key);
    if (!limit.allowed)
      throw new AppError(
        "rate_limited",
        `Too many sign-in attempts. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
      );
  }
  const user = await db.user.findUnique({ where: { email: normalised } });
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword("probebench-timing-equaliser");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash)) || user.disabledAt) return null;
  return { id: user.id, email: user.email, name: user.name };
}

/**
 * Runs after any successful sign-in, before the session is created. GitHub sign-ins only get here with an address
 * GitHub has verified (see lib/server/auth/options.ts), so it is marked verified; a verified address listed in ADMIN_EMAILS
 * makes the user admin. Returns false when the user may not sign in (disabled).
 */
export async function completeSignIn(userId: string, provider: string): Promise<boolean> {
  let user = await db.user.findUnique({ where: { id: userId } });
  if (!user || user.disabledAt) return false;
  if (provider === "github" && !user.emailVerified) {
    user = await db.user.update({ where: { id: userId }, data: { emailVerified: new Date() } });
  }
  if (user.role !== "admin" && user.emailVerified && env.ADMIN_EMAILS.includes(user.email.toLowerCase())) {
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { role: "admin" } });
      await recordAuditLog(tx, {
        actorId: null,
        action: "user.role",
        target: `user:${userId}`,
        reason: "listed in ADMIN_EMAILS",
        details: { email: user.email, from: user.role, to: "admin" },
      });
    });
  }
  return true;
}
