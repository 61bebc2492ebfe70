import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import type { TokenScope } from "../validation/api-token";
import { authorizeCaller, type Access, type ApiCaller, type Role } from "./authorize-caller";

const session = (role: Role): ApiCaller => ({ id: "u1", email: "u@example.test", role, via: "session" });
const token = (role: Role, scopes: TokenScope[]): ApiCaller => ({
  ...session(role),
  via: "token",
  token: { id: "t1", scopes },
});

/** null when allowed, else the 403 message. */
function refusal(caller: ApiCaller, opts: Pick<Access, "roles" | "tokens">): string | null {
  try {
    authorizeCaller(caller, opts);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(403);
    return (error as AppError).message;
  }
}

describe("authorizeCaller", () => {
  it("lets a session do whatever its role allows, whatever scope a token would need", () => {
    expect(refusal(session("user"), { tokens: "submit" })).toBeNull();
    expect(refusal(session("admin"), { roles: ["admin"], tokens: "admin" })).toBeNull();
    expect(refusal(session("user"), { tokens: "none" })).toBeNull();
  });

  it("lets a token in only with the scope the route names, and names the missing one", () => {
    expect(refusal(token("user", ["submit"]), { tokens: "submit" })).toBeNull();
    expect(refusal(token("user", ["read"]), { tokens: "submit" })).toMatch(/lacks the `submit` scope/);
    expect(refusal(token("user", ["submit"]), { tokens: "read" })).toMatch(/lacks the `read` scope/);
    expect(refusal(token("user", ["submit"]), { tokens: "any" })).toBeNull();
  });

  it("refuses every token where a browser session is needed", () => {
    expect(refusal(token("admin", ["submit", "read", "admin"]), { tokens: "none" })).toMatch(
      /needs a signed-in browser session/,
    );
  });

  it("needs both the admin role and, for tokens, the admin scope on admin routes", () => {
    const admin = { roles: ["admin"] as Role[], tokens: "admin" as const };
    expect(refusal(token("admin", ["admin"]), admin)).toBeNull();
    expect(refusal(token("admin", ["submit", "read"]), admin)).toMatch(/lacks the `admin` scope/);
    // A demoted admin's admin-scoped token is refused by role, not let in by its scope.
    expect(refusal(token("maintainer", ["admin"]), admin)).toBe("You do not have permission for this action");
    expect(refusal(session("user"), admin)).toBe("You do not have permission for this action");
  });
});
