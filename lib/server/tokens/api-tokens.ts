import { randomBytes } from "node:crypto";
import type { ApiCaller, Role } from "../../auth/authorize-caller";
import { db } from "../../db";
import { AppError, parseOrThrow } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import { sha256 } from "../../hash";
import { formatTokenExpiry, isTokenExpired, tokenExpiresAt, type TokenScope } from "../../validation/api-token";
import { createApiTokenBodySchema, type CreateApiTokenBody } from "../../contracts/account";
import type { z } from "zod";
import type { apiTokenSchema, createdApiTokenSchema, revokedApiTokenSchema } from "../../contracts/account";

const TOKEN_PREFIX = "pb_";
// Enough for several CI systems and machines; more live tokens mostly means forgotten ones.
const MAX_ACTIVE_TOKENS = 20;

export type TokenOwner = { id: string; email: string; role: Role; tokenId: string; scopes: TokenScope[] };

export type ApiTokenSummary = z.input<typeof apiTokenSchema>;

type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function summarize(row: TokenRow, now = new Date()): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: isTokenExpired(row.expiresAt, now),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a new token for a user; the admin scope only for staff (admins, and maintainers for match overrides: each
 * route still checks the role, so a maintainer's admin-scoped token never reaches the admin API). The plain token is
 * returned once, only its hash kept.
 */
async function issueToken(
  user: { id: string; role: Role },
  body: CreateApiTokenBody,
): Promise<z.input<typeof createdApiTokenSchema>> {
  if (body.scopes.includes("admin") && user.role === "user") {
    throw new AppError("forbidden", "Only admins and maintainers can create a token with the `admin` scope");
  }
  // 32 random bytes: a token cannot be guessed, so a fast hash is enough to keep a database leak harmless.
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const now = new Date();
  const row = await db.apiToken.create({
    data: {
      userId: user.id,
      name: body.name,
      scopes: body.scopes,
      createdAt: now,
      expiresAt: tokenExpiresAt(now, body.expires_days),
      tokenHash: sha256(token),
      prefix: token.slice(0, 10),
    },
  });
  return { ...summarize(row, now), token };
}

/**
 * Creates an API token for a user by email (CLI, demo, tests), with the same rules as the web: scopes default to
 * submit + read, expiry to 90 days. The plain token is returned once.
 */
export async function createApiToken(
  email: string,
  options: Partial<z.input<typeof createApiTokenBodySchema>> = {},
): Promise<z.input<typeof createdApiTokenSchema>> {
  const body = parseOrThrow(createApiTokenBodySchema, { name: "cli", ...options }, "The token");
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  if (user.disabledAt)
    throw new AppError("conflict", `${user.email} is disabled: enable the account before creating tokens`);
  return issueToken(user, body);
}

/** Creates a token for the signed-in user (web); the plain token is in the answer and nowhere else. */
export async function createApiTokenForUser(
  user: { id: string; role: Role },
  body: CreateApiTokenBody,
): Promise<z.input<typeof createdApiTokenSchema>> {
  const active = await db.apiToken.count({
    where: { userId: user.id, revokedAt: null, expiresAt: { gt: new Date() } },
  });
  if (active >= MAX_ACTIVE_TOKENS)
    throw new AppError("conflict", `You already have ${MAX_ACTIVE_TOKENS} active tokens: revoke one first`);
  return issueToken(user, body);
}

/** A user's tokens, newest first, without their secrets (only the prefix, to tell them apart). */
export async function listApiTokens(userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 200 });
  const now = new Date();
  return rows.map((row) => summarize(row, now));
}

/**
 * Revokes one of the caller's own tokens. Another user's token is "not found", so ids cannot be probed. A token may
 * revoke itself (a leaked one can be killed with what leaked) but not its owner's other tokens: that needs a session.
 */
export async function revokeApiToken(
  caller: Pick<ApiCaller, "id" | "token">,
  tokenId: string,
): Promise<z.input<typeof revokedApiTokenSchema>> {
  const token = await db.apiToken.findFirst({ where: { id: tokenId, userId: caller.id } });
  if (!token) throw new AppError("not_found", "Token not found");
  if (caller.token && caller.token.id !== token.id) {
    throw new AppError("forbidden", "An API token can revoke only itself; sign in to revoke your other tokens");
  }
  const revokedAt = token.revokedAt ?? new Date();
  if (!token.revokedAt) await db.apiToken.update({ where: { id: token.id }, data: { revokedAt } });
  return { id: token.id, revoked_at: revokedAt.toISOString() };
}

/** Revokes every token of a user (password reset, disabling), inside the caller's transaction; returns how many. */
export async function revokeUserTokens(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  const { count } = await tx.apiToken.updateMany({
    where: { userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
}

const refused = (message: string) =>
  new AppError("unauthorized", message, [], { "www-authenticate": 'Bearer realm="probebench", error="invalid_token"' });

/** The user behind a bearer token. 401 for an unknown, revoked or expired token, or a disabled user. */
export async function authenticateToken(token: string): Promise<TokenOwner> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) throw refused("The API token is invalid or revoked");
  const row = await db.apiToken.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  if (!row || row.revokedAt || row.user.disabledAt) throw refused("The API token is invalid or revoked");
  if (isTokenExpired(row.expiresAt)) {
    throw refused(
      `The API token expired on ${formatTokenExpiry(row.expiresAt)}: create a new one at /account/tokens or with \`probebench token create\``,
    );
  }
  // Recording last use is best effort and must not slow or fail the request.
  void db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  return { id: row.user.id, email: row.user.email, role: row.user.role, tokenId: row.id, scopes: row.scopes };
}
