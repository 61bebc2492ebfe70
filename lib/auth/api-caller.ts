import { AppError } from "../errors";
import { optionalApiCaller } from "../server/http/auth";
import { enforceRateLimit } from "../server/rate-limit/rate-limit";
import { clientKey } from "./client-key";
import { assertSameOrigin } from "./origin";
import { sessionCookieFromHeader, userFromSessionCookie } from "./session-cookie";

export type Role = "user" | "maintainer" | "admin";
export type ApiCaller = { id: string; email: string; role: Role; via: "token" | "session" };

type Access = {
  // "write" for anything that changes state: cookie callers must then pass the Origin check
  access: "read" | "write";
  // roles allowed; default any signed-in user
  roles?: Role[];
  // refuse API tokens (e.g. minting tokens must need a browser session, so a leaked token cannot make more)
  sessionOnly?: boolean;
};

/**
 * The caller of an API request: a bearer token (CLI) or the session cookie (browser). Counts the request against
 * the caller's rate limit (per user, or per client address when anonymous). Null for anonymous callers.
 */
export async function identifyCaller(request: Request, access: "read" | "write"): Promise<ApiCaller | null> {
  let caller: ApiCaller | null = null;
  if (request.headers.has("authorization")) {
    const owner = await optionalApiCaller(request);
    if (owner) caller = { ...owner, via: "token" };
  } else {
    // A stale or tampered cookie is simply anonymous, like no cookie at all.
    const user = await userFromSessionCookie(sessionCookieFromHeader(request.headers.get("cookie")));
    if (user) {
      if (access === "write") assertSameOrigin(request);
      caller = { id: user.id, email: user.email, role: user.role, via: "session" };
    }
  }
  await enforceRateLimit(access === "write" ? "api-write" : "api-read", caller ? `user:${caller.id}` : `ip:${clientKey(request.headers)}`);
  return caller;
}

/** Like identifyCaller, but a signed-in caller with an allowed role is required: 401 when anonymous, 403 otherwise. */
export async function requireCaller(request: Request, opts: Access): Promise<ApiCaller> {
  const caller = await identifyCaller(request, opts.access);
  if (!caller) {
    throw new AppError("unauthorized", "Sign in, or send an API token as `Authorization: Bearer <token>`", [], {
      "www-authenticate": 'Bearer realm="probebench"',
    });
  }
  if (opts.sessionOnly && caller.via !== "session") throw new AppError("forbidden", "This action needs a signed-in browser session, not an API token");
  if (opts.roles && !opts.roles.includes(caller.role)) throw new AppError("forbidden", "You do not have permission for this action");
  return caller;
}
