import "server-only";
import type { NextAuthOptions, Session } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GithubProvider from "next-auth/providers/github";
import { z } from "zod";
import { env } from "../../env";
import { AppError } from "../../errors";
import { authenticateWithPassword, completeSignIn } from "../users/sign-in";
import { createSession, findSessionUser, revokeSession } from "../users/sessions";
import { probebenchAdapter } from "./adapter";
import { clientKey } from "../../auth/client-key";
import { authSecret, githubEnabled, sessionCookieName, sessionMaxAgeSeconds, useSecureCookies } from "./config";
import { githubVerifiedEmails } from "../../auth/github-emails";
import { authorizeGithubSignIn } from "./github-sign-in";
import { safeRedirectUrl } from "../../auth/safe-callback";
import { log } from "../../observability/log";

const credentialsSchema = z.object({ email: z.string().max(320), password: z.string().max(200) });

/**
 * next-auth v4 configuration. v4 only lets Credentials sign-ins use JWT sessions, so every sign-in (password or
 * GitHub) ends in the `jwt` callback, which creates a Session row and puts only its random id in the encrypted
 * cookie. Each request then checks that id against Postgres (lib/server/auth/session-cookie.ts): sessions are revocable,
 * and roles and disabling take effect immediately.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    adapter: probebenchAdapter(),
    session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds },
    useSecureCookies,
    cookies: {
      sessionToken: {
        name: sessionCookieName,
        options: { httpOnly: true, sameSite: "lax", path: "/", secure: useSecureCookies },
      },
    },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const parsed = credentialsSchema.safeParse(credentials);
          if (!parsed.success) return null;
          try {
            return await authenticateWithPassword(parsed.data.email, parsed.data.password, clientKey(request?.headers));
          } catch (error) {
            // next-auth puts a thrown message in the redirect URL: only fixed codes may leave this function.
            if (error instanceof AppError && error.code === "rate_limited")
              throw new Error("RateLimited", { cause: error });
            log.error({ err: error }, "password sign-in failed");
            throw new Error("SignInUnavailable", { cause: error });
          }
        },
      }),
      ...(githubEnabled ? [GithubProvider({ clientId: env.GITHUB_ID!, clientSecret: env.GITHUB_SECRET! })] : []),
    ],
    callbacks: {
      // Every callbackUrl next-auth follows (sign-in, GitHub's return, sign-out) passes the sign-in pages' rule.
      async redirect({ url, baseUrl }) {
        return safeRedirectUrl(url, baseUrl);
      },
      async signIn({ user, account }) {
        if (account?.provider !== "github") return true;
        return authorizeGithubSignIn(user, account, githubVerifiedEmails);
      },
      async jwt({ token, user, account }) {
        // `user` is present only at sign-in: replace next-auth's default claims (name, email, picture) by a session id.
        if (user) {
          if (!(await completeSignIn(user.id, account?.provider ?? "credentials"))) return {};
          return { sid: await createSession(user.id, sessionMaxAgeSeconds) };
        }
        return token;
      },
      async session({ session, token }) {
        // Answers next-auth's /api/auth/session, which the user menu reads from the browser (so public pages stay
        // static). Authorization never relies on it: the server checks the Session row itself on every request.
        const user = typeof token.sid === "string" ? await findSessionUser(token.sid) : null;
        if (!user) return { expires: session.expires };
        return { expires: session.expires, user: { name: user.name, email: user.email, role: user.role } } as Session;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSession(token.sid);
      },
    },
  };
}
