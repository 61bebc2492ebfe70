import { decode } from "next-auth/jwt";
import { findSessionUser, type SessionUser } from "../users/sessions";
import { authSecret, sessionCookieName } from "./config";

/** The value of one cookie in a Cookie header. */
function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The signed-in user behind a session cookie value: the encrypted JWT must decrypt with our secret, and the session
 * id inside it must name a live Session row. Anything else (tampered, expired, revoked, disabled user) is anonymous.
 */
export async function userFromSessionCookie(value: string | undefined): Promise<SessionUser | null> {
  if (!value || value.length > 4_096) return null;
  let sid: unknown;
  try {
    sid = (await decode({ token: value, secret: authSecret() }))?.sid;
  } catch {
    return null;
  }
  return typeof sid === "string" ? findSessionUser(sid) : null;
}

export function sessionCookieFromHeader(cookieHeader: string | null): string | undefined {
  return readCookie(cookieHeader, sessionCookieName);
}
