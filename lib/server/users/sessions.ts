import { randomBytes } from "node:crypto";
import { db } from "../../db";
import { sha256 } from "../../hash";

// Browser sessions live in Postgres. The cookie carries only a random id (inside next-auth's encrypted JWT); the row
// is keyed by its hash, so a leaked database cannot be turned into working cookies, and deleting a row signs out.

export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  role: "user" | "maintainer" | "admin";
  sessionId: string;
};

/** Starts a session for a user; returns the random id to put in the cookie. */
export async function createSession(userId: string, maxAgeSeconds: number): Promise<string> {
  const sid = randomBytes(32).toString("base64url");
  await db.session.create({
    data: { userId, tokenHash: sha256(sid), expires: new Date(Date.now() + maxAgeSeconds * 1_000) },
  });
  // Expired rows are useless; clearing a user's own at sign-in keeps the table small without a cron job.
  await db.session.deleteMany({ where: { userId, expires: { lt: new Date() } } });
  return sid;
}

/** The user of a live session, or null when the session is unknown, expired, revoked or its user disabled. */
export async function findSessionUser(sid: string | undefined | null): Promise<SessionUser | null> {
  if (!sid || sid.length > 100) return null;
  const session = await db.session.findUnique({
    where: { tokenHash: sha256(sid) },
    select: {
      id: true,
      expires: true,
      user: { select: { id: true, email: true, name: true, role: true, disabledAt: true } },
    },
  });
  if (!session || session.expires.getTime() <= Date.now() || session.user.disabledAt) return null;
  const { id, email, name, role } = session.user;
  return { id, email, name, role, sessionId: session.id };
}

export async function revokeSession(sid: string): Promise<void> {
  await db.session.deleteMany({ where: { tokenHash: sha256(sid) } });
}

/** Signs a user out everywhere (role change, disabling). */
export async function revokeUserSessions(userId: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId } });
  return count;
}
