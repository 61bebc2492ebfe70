import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "../../db";
import { AppError, parseOrThrow } from "../../errors";
import { sha256 } from "../../hash";

const TOKEN_PREFIX = "pb_";
// Enough for several CI systems and machines; more live tokens mostly means forgotten ones.
export const MAX_ACTIVE_TOKENS = 20;

export type TokenOwner = { id: string; email: string; role: "user" | "maintainer" | "admin" };

export const createApiTokenBodySchema = z.object({
  name: z.string().trim().min(1, { message: "must not be empty" }).max(100, { message: "must be at most 100 characters" }),
});

export type ApiTokenSummary = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null; revoked_at: string | null };

async function insertToken(userId: string, name: string): Promise<{ token: string; id: string; prefix: string; createdAt: Date }> {
  // 32 random bytes: a token cannot be guessed, so a fast hash is enough to keep a database leak harmless.
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.apiToken.create({ data: { userId, name, tokenHash: sha256(token), prefix: token.slice(0, 10) } });
  return { token, id: row.id, prefix: row.prefix, createdAt: row.createdAt };
}

/** Creates an API token for a user by email (CLI); the plain token is returned once and only its hash is stored. */
export async function createApiToken(email: string, name = "cli"): Promise<{ token: string; id: string }> {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  const { token, id } = await insertToken(user.id, name);
  return { token, id };
}

/** Creates a token for the signed-in user (web); the plain token is in the answer and nowhere else. */
export async function createApiTokenForUser(userId: string, body: unknown): Promise<ApiTokenSummary & { token: string }> {
  const { name } = parseOrThrow(createApiTokenBodySchema, body, "The token");
  const active = await db.apiToken.count({ where: { userId, revokedAt: null } });
  if (active >= MAX_ACTIVE_TOKENS) throw new AppError("conflict", `You already have ${MAX_ACTIVE_TOKENS} active tokens: revoke one first`);
  const row = await insertToken(userId, name);
  return { id: row.id, name, prefix: row.prefix, created_at: row.createdAt.toISOString(), last_used_at: null, revoked_at: null, token: row.token };
}

/** A user's tokens, newest first, without their secrets (only the prefix, to tell them apart). */
export async function listApiTokens(userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 200 });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the user's own tokens. Another user's token is "not found", so ids cannot be probed. */
export async function revokeApiToken(userId: string, tokenId: string): Promise<{ id: string; revoked_at: string }> {
  const token = await db.apiToken.findFirst({ where: { id: tokenId, userId } });
  if (!token) throw new AppError("not_found", "Token not found");
  const revokedAt = token.revokedAt ?? new Date();
  if (!token.revokedAt) await db.apiToken.update({ where: { id: token.id }, data: { revokedAt } });
  return { id: token.id, revoked_at: revokedAt.toISOString() };
}

/** The user behind a bearer token, or null for a missing, unknown or revoked token, or a disabled user. */
export async function authenticateToken(token: string | undefined): Promise<TokenOwner | null> {
  if (!token || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db.apiToken.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  if (!row || row.revokedAt || row.user.disabledAt) return null;
  // Recording last use is best effort and must not slow or fail the request.
  void db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  return { id: row.user.id, email: row.user.email, role: row.user.role };
}
