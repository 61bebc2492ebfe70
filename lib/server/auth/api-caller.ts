import "server-only";
import { AppError } from "../../errors";
import { optionalApiCaller } from "../http/auth";
import { enforceRateLimit } from "../rate-limit/rate-limit";
import { assertTokenScope, authorizeCaller, type Access, type ApiCaller } from "../../auth/authorize-caller";
import { clientKey } from "../../auth/client-key";
import { assertSameOrigin } from "../../auth/origin";
import { sessionCookieFromHeader, userFromSessionCookie } from "./session-cookie";

async function authenticate(request: Request, access: Access["access"]): Promise<ApiCaller | null> {
  if (request.headers.has("authorization")) {
    const owner = await optionalApiCaller(request);
    if (!owner) return null;
    const { tokenId, scopes, ...user } = owner;
    return { ...user, via: "token", token: { id: tokenId, scopes } };
  }
  // A stale or tampered cookie is simply anonymous, like no cookie at all.
  const user = await userFromSessionCookie(sessionCookieFromHeader(request.headers.get("cookie")));
  if (!user) return null;
  if (access === "write") assertSameOrigin(request);
  return { id: user.id, email: user.email, role: user.role, via: "session" };
}

// Refused requests count too (after authentication, before authorization), so probing is rate limited like use.
async function countRequest(request: Request, access: Access["access"], caller: ApiCaller | null): Promise<void> {
  await enforceRateLimit(
    access === "write" ? "api-write" : "api-read",
    caller ? `user:${caller.id}` : `ip:${clientKey(request.headers)}`,
  );
}

/**
 * The caller of an API request: a bearer token (CLI) or the session cookie (browser), or null when anonymous.
 * Counts the request against the caller's rate limit (per user, or per client address when anonymous). A token
 * without the scope `tokens` names is refused (403), not treated as anonymous: a client should learn why.
 */
export async function identifyCaller(
  request: Request,
  opts: Pick<Access, "access" | "tokens">,
): Promise<ApiCaller | null> {
  const caller = await authenticate(request, opts.access);
  await countRequest(request, opts.access, caller);
  if (caller) assertTokenScope(caller, opts.tokens);
  return caller;
}

/** Like identifyCaller, but a signed-in caller with an allowed role (and token scope) is required: 401 when anonymous, 403 otherwise. */
export async function requireCaller(request: Request, opts: Access): Promise<ApiCaller> {
  const caller = await authenticate(request, opts.access);
  await countRequest(request, opts.access, caller);
  if (!caller) {
    throw new AppError("unauthorized", "Sign in, or send an API token as `Authorization: Bearer <token>`", [], {
      "www-authenticate": 'Bearer realm="probebench"',
    });
  }
  authorizeCaller(caller, opts);
  return caller;
}
