import "server-only";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import type { SessionUser } from "../users/sessions";
import { sessionCookieName } from "./config";
import { userFromSessionCookie } from "./session-cookie";

// Session access for server components and pages. Route handlers use lib/server/auth/api-caller.ts instead.

/** The signed-in user of this request, or null. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  const store = await cookies();
  return userFromSessionCookie(store.get(sessionCookieName)?.value);
}

/** The signed-in user, or a redirect to the sign-in page that comes back to `returnTo`. */
export async function requirePageUser(returnTo: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** An admin, or a sign-in redirect for visitors and a 404 for everyone else (admin pages are not advertised). */
export async function requirePageAdmin(returnTo: string): Promise<SessionUser> {
  const user = await requirePageUser(returnTo);
  if (user.role !== "admin") notFound();
  return user;
}

/** A maintainer or an admin, or a sign-in redirect for visitors and a 404 for everyone else (like admin pages). */
export async function requirePageStaff(returnTo: string): Promise<SessionUser> {
  const user = await requirePageUser(returnTo);
  if (user.role !== "admin" && user.role !== "maintainer") notFound();
  return user;
}
