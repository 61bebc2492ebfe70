import "server-only";
import { db } from "../../db";
import { env } from "../../env";
import { AppError, parseOrThrow } from "../../errors";
import { enforceRateLimit } from "../rate-limit/rate-limit";
import { hashPassword } from "./password";
import { registerUserBodySchema } from "../../contracts/account";

/**
 * Self-service email + password sign-up (when ALLOW_SIGNUP). The address is not verified, so such accounts are
 * never promoted by ADMIN_EMAILS and cannot take over a GitHub identity with the same email.
 */
export async function registerUser(body: unknown, client: string): Promise<{ id: string; email: string }> {
  if (!env.ALLOW_SIGNUP)
    throw new AppError("forbidden", "Sign-up is closed on this server; ask an administrator for an account");
  await enforceRateLimit("sign-up", client);
  const data = parseOrThrow(registerUserBodySchema, body, "The sign-up form");
  const existing = await db.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) throw new AppError("conflict", "An account with this email already exists: sign in instead");
  try {
    const user = await db.user.create({
      data: { email: data.email, name: data.name || undefined, passwordHash: await hashPassword(data.password) },
    });
    return { id: user.id, email: user.email };
  } catch (error) {
    // Two sign-ups for one address at once: the unique index decides, the loser gets the same answer as above.
    if ((error as { code?: string }).code === "P2002")
      throw new AppError("conflict", "An account with this email already exists: sign in instead");
    throw error;
  }
}
