import { z } from "zod";
import { formatUtc } from "../format";

// API token scopes and lifetime: one definition for the API, the account page and the CLI. The database enum
// (ApiTokenScope in prisma/schema.prisma) holds the same three names.
export const TOKEN_SCOPES = ["submit", "read", "admin"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  submit: "upload findings files and withdraw your pending submissions",
  read: "read your submissions, their scores and your token list",
  admin:
    "staff actions: the admin API for admins (review queue, users, audit log), match overrides for maintainers and admins",
};

// What the CLI needs to upload and follow its uploads; admin power is always opt-in.
export const DEFAULT_TOKEN_SCOPES: readonly TokenScope[] = ["submit", "read"];
// A quarter: long enough for a CI secret's rotation routine, short enough that a forgotten token dies on its own.
export const DEFAULT_TOKEN_EXPIRY_DAYS = 90;
export const MAX_TOKEN_EXPIRY_DAYS = 365;
// The choices the account page offers (the API takes any whole number of days in range).
export const TOKEN_EXPIRY_CHOICES = [7, 30, 90, 180, 365] as const;

const DAY_MS = 24 * 60 * 60 * 1_000;
const scopeNames = `${TOKEN_SCOPES.slice(0, -1).join(", ")} or ${TOKEN_SCOPES.at(-1)}`;

const tokenScopeSchema = z.enum(TOKEN_SCOPES, {
  error: (issue) => `${JSON.stringify(issue.input)} is not a scope: use ${scopeNames}`,
});

/** A non-empty set of scopes, written as a list without repeats. */
export const tokenScopesSchema = z
  .array(tokenScopeSchema, { message: `must be a list of scopes (${scopeNames})` })
  .min(1, { message: `choose at least one scope (${scopeNames})` })
  .superRefine((scopes, ctx) => {
    scopes.forEach((scope, i) => {
      if (scopes.indexOf(scope) !== i) ctx.addIssue({ code: "custom", path: [i], message: `${scope} is listed twice` });
    });
  });

export const tokenExpiryDaysSchema = z
  .number({ message: "must be a whole number of days" })
  .int({ message: "must be a whole number of days" })
  .min(1, { message: `must be between 1 and ${MAX_TOKEN_EXPIRY_DAYS} days` })
  .max(MAX_TOKEN_EXPIRY_DAYS, { message: `must be between 1 and ${MAX_TOKEN_EXPIRY_DAYS} days` });

/** `--scopes submit,read` (CLI): comma-separated, blanks around names ignored. */
export const scopeListSchema = z
  .string()
  .transform((list) =>
    list
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(tokenScopesSchema);

/** `--expires-days 30` (CLI): digits only, so `1e2` or `30d` are refused rather than guessed at. */
export const expiryDaysTextSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, { message: "must be a whole number of days" })
  .transform(Number)
  .pipe(tokenExpiryDaysSchema);

/** When a token created at `now` for `days` days stops working. */
export function tokenExpiresAt(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

export function isTokenExpired(expiresAt: Date, now: Date = new Date()): boolean {
  return expiresAt.getTime() <= now.getTime();
}

/** `2027-02-28 12:46 UTC`: the one way tokens' expiry is written in messages. */
export function formatTokenExpiry(expiresAt: Date): string {
  return `${formatUtc(expiresAt, "minute")} UTC`;
}
