import { z } from "zod";
import { db } from "../../db";
import { AppError, parseOrThrow } from "../../errors";
import { hashPassword } from "./password";
import { MIN_PASSWORD_LENGTH } from "../../contracts/account";
import { roleSchema } from "../../contracts/common";

export const createUserInputSchema = z.object({
  email: z.email({ message: "must be an email address" }).transform((e) => e.toLowerCase()),
  role: roleSchema.default("user"),
  name: z.string().max(200).optional(),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { message: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(200)
    .optional(),
});

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
