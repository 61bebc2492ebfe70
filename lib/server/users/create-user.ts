import type { z } from "zod";
import { db } from "../../db";
import { AppError, parseOrThrow } from "../../errors";
import { hashPassword } from "./password";
import { createUserInputSchema } from "./create-user-input";

/** An operator's account (CLI, demo, tests): its input is checked here, since each of them sends it as typed. */
export async function createUser(input: z.input<typeof createUserInputSchema>) {
  const data = parseOrThrow(createUserInputSchema, input, "User");
  const existing = await db.user.findUnique({ where: { email: data.email } });
  if (existing) throw new AppError("conflict", `A user with email ${data.email} already exists`);
  const { password, ...fields } = data;
  // An operator creates this account on purpose, so its address counts as verified (ADMIN_EMAILS may promote it).
  return db.user.create({
    data: { ...fields, emailVerified: new Date(), passwordHash: password ? await hashPassword(password) : undefined },
  });
}
