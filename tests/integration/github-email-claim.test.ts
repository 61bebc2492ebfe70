import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { probebenchAdapter } from "../../lib/server/auth/adapter";
import { authorizeGithubSignIn } from "../../lib/server/auth/github-sign-in";
import { createApiToken } from "../../lib/server/tokens/api-tokens";
import { createUser } from "../../lib/server/users/create-user";
import { completeSignIn } from "../../lib/server/users/sign-in";
import { db } from "../support/fixtures";
import { call, signIn, signInRaw } from "./authz-support";

// Email squatting: someone registers (password, unverified) with an address that is not theirs. When the address's
// verified owner signs in with GitHub, the account becomes theirs and the squatter loses every way in. A verified
// account is never taken over. GitHub is not reachable from tests: the signIn callback's logic runs against the real
// database with the verified-address lookup given as a function, then the adapter call next-auth makes next.
const webUrl = inject("webUrl");
const PASSWORD = "squatter-password-1";
const adapter = probebenchAdapter();

/** A GitHub sign-in for a new identity whose profile email is `email`; `verified` is what GitHub would list. */
async function githubSignIn(email: string, verified: string[] = [email]) {
  const providerAccountId = String(Math.floor(Math.random() * 1e9));
  const profile = { id: providerAccountId, email, name: "Octo Cat", image: null };
  const account = { provider: "github", providerAccountId, type: "oauth" as const, access_token: "gho_test" };
  const result = await authorizeGithubSignIn(profile, account, async (token) => {
    expect(token).toBe("gho_test");
    return verified;
  });
  return { result, providerAccountId };
}

async function register(email: string): Promise<{ id: string; cookie: string; token: string }> {
  const created = await call(webUrl, "POST", "/api/auth/register", {}, { email, password: PASSWORD });
  expect(created.status).toBe(201);
  const cookie = await signIn(webUrl, { email, password: PASSWORD });
  const { token } = await createApiToken(email, { name: "squatter" });
  return { id: created.json.id, cookie, token };
}

const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

describe("GitHub sign-in with the verified address of an unverified password account", () => {
  it("claims the account: identity linked, address verified, password, sessions and tokens discarded, audit-logged", async () => {
    const email = address("owner");
    const squatter = await register(email);
    expect((await call(webUrl, "GET", "/api/v1/submissions", { cookie: squatter.cookie })).status).toBe(200);
    expect((await call(webUrl, "GET", "/api/v1/submissions", { token: squatter.token })).status).toBe(200);

    const { result, providerAccountId } = await githubSignIn(email.toUpperCase(), [email]);
    expect(result).toBe(true);

    // next-auth next looks the identity up: it now finds the claimed account, and signs in as it.
    const found = await adapter.getUserByAccount!({ provider: "github", providerAccountId });
    expect(found?.id).toBe(squatter.id);
    expect(await completeSignIn(squatter.id, "github")).toBe(true);

    const row = await db.user.findUniqueOrThrow({ where: { id: squatter.id } });
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerified).toBeInstanceOf(Date);
    expect(row.role).toBe("user");
    expect(await db.session.count({ where: { userId: squatter.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: squatter.id, revokedAt: null } })).toBe(0);

    // The squatter is out: old session, old token and the password all fail.
    expect((await call(webUrl, "GET", "/api/v1/submissions", { cookie: squatter.cookie })).status).toBe(401);
    expect((await call(webUrl, "GET", "/api/v1/submissions", { token: squatter.token })).status).toBe(401);
    expect(await signInRaw(webUrl, email, PASSWORD)).toMatchObject({ cookie: "", error: "CredentialsSignin" });

    const audit = await db.auditLog.findMany({ where: { target: `user:${squatter.id}`, action: "user.claim" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      details: {
        email,
        provider: "github",
        providerAccountId,
        hadPassword: true,
        sessionsRevoked: 1,
        tokensRevoked: 1,
      },
    });
  });

  it("does not take over an operator-created (verified) password account", async () => {
    const email = address("operator");
    const user = await createUser({ email, role: "admin", password: "operator-password-1" });
    const { result, providerAccountId } = await githubSignIn(email);
    expect(result).toBe("/sign-in?error=OAuthAccountNotLinked");
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toBe(user.passwordHash);
    expect(row.role).toBe("admin");
    expect(await adapter.getUserByAccount!({ provider: "github", providerAccountId })).toBeNull();
    expect(await db.auditLog.count({ where: { target: `user:${user.id}`, action: "user.claim" } })).toBe(0);
    expect((await signInRaw(webUrl, email, "operator-password-1")).cookie).not.toBe("");
  });

  it("does not take over an account already verified by another GitHub identity", async () => {
    const email = address("linked");
    const first = await githubSignIn(email);
    expect(first.result).toBe(true);
    const created = await adapter.createUser!({ email, name: null, image: null, emailVerified: null });
    await adapter.linkAccount!({
      userId: created.id,
      provider: "github",
      providerAccountId: first.providerAccountId,
      type: "oauth",
    });
    expect(await completeSignIn(created.id, "github")).toBe(true);

    const second = await githubSignIn(email);
    expect(second.result).toBe("/sign-in?error=OAuthAccountNotLinked");
    expect(await db.account.count({ where: { userId: created.id } })).toBe(1);
  });

  it("claims nothing when GitHub has not verified the address", async () => {
    const email = address("unverified");
    const squatter = await register(email);
    const { result } = await githubSignIn(email, [address("other")]);
    expect(result).toBe("/sign-in?error=GithubEmailUnverified");
    const row = await db.user.findUniqueOrThrow({ where: { id: squatter.id } });
    expect(row.passwordHash).not.toBeNull();
    expect(row.emailVerified).toBeNull();
    expect(await db.account.count({ where: { userId: squatter.id } })).toBe(0);
  });

  it("leaves a disabled unverified account to an admin", async () => {
    const email = address("disabled");
    const squatter = await register(email);
    await db.user.update({ where: { id: squatter.id }, data: { disabledAt: new Date() } });
    const { result } = await githubSignIn(email);
    expect(result).toBe("/sign-in?error=AccessDenied");
    expect((await db.user.findUniqueOrThrow({ where: { id: squatter.id } })).passwordHash).not.toBeNull();
  });

  it("lets a new address through for next-auth to create, and refuses a disabled linked user", async () => {
    expect((await githubSignIn(address("fresh"))).result).toBe(true);
    const user = await createUser({ email: address("linked-disabled") });
    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    const stored = (await adapter.getUser!(user.id))!;
    expect(
      await authorizeGithubSignIn(
        stored,
        { provider: "github", providerAccountId: "1", type: "oauth" },
        async () => [],
      ),
    ).toBe(false);
  });
});
