import { z } from "zod";
import {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  DEFAULT_TOKEN_SCOPES,
  TOKEN_SCOPES,
  tokenExpiryDaysSchema,
  tokenScopesSchema,
} from "../validation/api-token";
import { timestampSchema } from "./common";

// The caller's account: API tokens (/api/v1/tokens) and email + password sign-up (/api/auth/register).

// Strict, so a misspelt field (`scope`, `expiresDays`) is an error rather than a silent default.
export const createApiTokenBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: "must not be empty" })
    .max(100, { message: "must be at most 100 characters" }),
  scopes: tokenScopesSchema.default(() => [...DEFAULT_TOKEN_SCOPES]),
  expires_days: tokenExpiryDaysSchema.default(DEFAULT_TOKEN_EXPIRY_DAYS),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    created_at: timestampSchema,
    expires_at: timestampSchema,
    expired: z.boolean(),
    last_used_at: timestampSchema.nullable(),
    revoked_at: timestampSchema.nullable(),
  })
  .meta({ id: "ApiToken" });
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) }).meta({ id: "ApiTokenList" });
export const createdApiTokenSchema = apiTokenSchema
  .extend({ token: z.string().meta({ description: "The secret, shown this once" }) })
  .meta({ id: "CreatedApiToken" });
export const revokedApiTokenSchema = z
  .object({ id: z.string(), revoked_at: timestampSchema })
  .meta({ id: "RevokedApiToken" });

export const registeredUserSchema = z.object({ id: z.string(), email: z.string() }).meta({ id: "RegisteredUser" });

export const MIN_PASSWORD_LENGTH = 10;
/** A password for email sign-in: the sign-up form's, and an operator's (lib/server/users/create-user-input.ts). */
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(200);

export const registerUserBodySchema = z.object({
  email: z
    .email({ message: "must be an email address" })
    .max(320)
    .transform((e) => e.toLowerCase()),
  name: z.string().trim().max(200).optional(),
  password: passwordSchema,
});
export type RegisterUserBody = z.output<typeof registerUserBodySchema>;
