import "server-only";
import { env } from "../../env";
import { log } from "../../observability/log";

// Settings shared by the next-auth handler (lib/server/auth/options.ts) and the code that reads sessions on each request
// (lib/server/auth/session-cookie.ts), so both agree on the secret and the cookie.

let warned = false;

/** The key that encrypts session cookies. Required in production; development falls back to a fixed key, loudly. */
export function authSecret(): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  if (env.NODE_ENV === "production")
    throw new Error("NEXTAUTH_SECRET is not set: it is required in production (see .env.example)");
  if (!warned) {
    log.warn("NEXTAUTH_SECRET is not set: using an insecure development key. Set it before exposing this server.");
    warned = true;
  }
  return "probebench-insecure-development-secret-do-not-use";
}

// Behind https the cookie is `Secure` and gets the __Secure- prefix, which browsers refuse to set over plain http.
export const useSecureCookies = (env.NEXTAUTH_URL ?? "").startsWith("https://");
export const sessionCookieName = `${useSecureCookies ? "__Secure-" : ""}next-auth.session-token`;
export const sessionMaxAgeSeconds = env.SESSION_MAX_AGE_DAYS * 24 * 3600;
// The public origin, when configured: absolute callbackUrls on it count as paths of this site.
export const siteOrigin = env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).origin : undefined;
export const githubEnabled = Boolean(env.GITHUB_ID && env.GITHUB_SECRET);
