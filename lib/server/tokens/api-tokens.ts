import { randomBytes } from "node:crypto";
import { db } from "../../db";
import { AppError } from "../../errors";
import { sha256 } from "../../hash";

const TOKEN_PREFIX = "pb_";

export type TokenOwner = { id: string; email: string; role: "user" | "maintainer" | "admin" };

/** Creates an API token for a user; the plain token is returned once and only its hash is stored. */
export async function createApiToken(email: string, name = "cli"): Promise<{ token: string; id: string }> {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  // 32 random bytes: a token cannot be guessed, so a fast hash is enough to keep a database leak harmless.
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.apiToken.create({
    data: { userId: user.id, name, tokenHash: sha256(token), prefix: token.slice(0, 10) },
  });
  return { token, id: row.id };
}

/** The user behind a bearer token, or null for a missing, unknown or revoked token. */
export async function authenticateToken(token: string | undefined): Promise<TokenOwner | null> {
  if (!token || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db.apiToken.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  if (!row || row.revokedAt) return null;
  // Recording last use is best effort and must not slow or fail the request.
  void db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  return { id: row.user.id, email: row.user.email, role: row.user.role };
}
