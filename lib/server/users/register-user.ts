import "server-only";
import type { z } from "zod";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { enforceRateLimit } from "../rate-limit/rate-limit";
import { hashPassword } from "./password";
import type { RegisterUserBody, registeredUserSchema } from "../../contracts/account";

/**
 * Whether this client may sign up at all: sign-up is open (ALLOW_SIGNUP) and the client is within the sign-up rate
 * limit. Checked before the form is read, so a closed server or a flood says so whatever the form holds.
 */
export async function admitSignUp(client: string): Promise<void> {
  if (!env.ALLOW_SIGNUP)
    throw new AppError("forbidden", "Sign-up is closed on this server; ask an administrator for an account");
  await enforceRateLimit("sign-up", client);
}

/**
 * Self-service email + password sign-up, after admitSignUp. The address is not verified, so such accounts are
 * never promoted by ADMIN_EMAILS and cannot take over a GitHub identity with the same email.
 */
export async function registerUser(data: RegisterUserBody): Promise<z.input<typeof registeredUserSchema>> {
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
