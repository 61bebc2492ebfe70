import { AppError } from "../errors";
import type { TokenScope } from "../validation/api-token";

// Who may call a route, decided without I/O (the caller is already authenticated): role first, then what an API
// token was granted. A browser session acts with everything its user's role allows; a token only within its scopes.

export type Role = "user" | "maintainer" | "admin";
export type ApiCaller = {
  id: string;
  email: string;
  role: Role;
  via: "token" | "session";
  // the token's id and scopes when via === "token"
  token?: { id: string; scopes: TokenScope[] };
};

export type Access = {
  // "write" for anything that changes state: cookie callers must then pass the Origin check
  access: "read" | "write";
  // roles allowed; default any signed-in user
  roles?: Role[];
  // What an API token must carry to be let in: a scope; "any" token (revoking itself); or "none": the route needs a
  // browser session (minting tokens, so a leaked token cannot make more). Required, so no route forgets to decide.
  tokens: TokenScope | "any" | "none";
};

/** Throws 403 unless a token caller's scopes allow the route (sessions always pass this check). */
export function assertTokenScope(caller: ApiCaller, tokens: Access["tokens"]): void {
  if (caller.via !== "token" || tokens === "any") return;
  if (tokens === "none")
    throw new AppError("forbidden", "This action needs a signed-in browser session, not an API token");
  if (!caller.token?.scopes.includes(tokens)) {
    throw new AppError(
      "forbidden",
      `This API token lacks the \`${tokens}\` scope this action needs; create a token with it`,
    );
  }
}

/** Throws 403 unless the caller's role and, for tokens, scopes allow the route. */
export function authorizeCaller(caller: ApiCaller, opts: Pick<Access, "roles" | "tokens">): void {
  if (opts.tokens === "none") assertTokenScope(caller, "none");
  if (opts.roles && !opts.roles.includes(caller.role))
    throw new AppError("forbidden", "You do not have permission for this action");
  assertTokenScope(caller, opts.tokens);
}
