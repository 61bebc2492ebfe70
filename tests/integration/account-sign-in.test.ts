import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../support/fixtures";
import { PASSWORD, call, createTestUser, signIn, signInRaw, type TestUser } from "./authz-support";

// Email + password sign-in through next-auth, Postgres-backed sessions (revocable), sign-up, ADMIN_EMAILS.
const webUrl = inject("webUrl");
let admin: TestUser & { cookie: string };

beforeAll(async () => {
  const person = await createTestUser("admin");
  admin = { ...person, cookie: await signIn(webUrl, person) };
});

async function signOut(cookie: string): Promise<number> {
  const csrf = await fetch(`${webUrl}/api/auth/csrf`, { headers: { cookie } });
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${webUrl}/api/auth/signout`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `${cookie}; ${csrfCookie}`,
      origin: webUrl,
    },
    body: new URLSearchParams({ csrfToken, json: "true" }),
    redirect: "manual",
  });
  return response.status;
}

describe("email + password sign-in", () => {
  it("signs in with the right password and stores the session in Postgres, not in the cookie", async () => {
    const user = await createTestUser("user");
    const before = await db.session.count({ where: { userId: user.id } });
    const cookie = await signIn(webUrl, user);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(before + 1);
    const me = await call(webUrl, "GET", "/api/v1/submissions", { cookie });
    expect(me.status).toBe(200);
    const session = await call(webUrl, "GET", "/api/auth/session", { cookie });
    expect(session.json.user).toMatchObject({ email: user.email, role: "user" });
    // The encrypted cookie holds a session id only; the database holds only that id's hash.
    const row = await db.session.findFirst({ where: { userId: user.id } });
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(row!.tokenHash);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, for the whole site", async () => {
    const user = await createTestUser("user");
    const csrf = await fetch(`${webUrl}/api/auth/csrf`);
    const jar = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${webUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
      body: new URLSearchParams({ csrfToken, email: user.email, password: PASSWORD, json: "true" }),
      redirect: "manual",
    });
    const sessionCookie = response.headers.getSetCookie().find((c) => c.includes("next-auth.session-token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/Path=\//);
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const user = await createTestUser("user");
    const wrong = await signInRaw(webUrl, user.email, "not-the-password");
    const unknown = await signInRaw(webUrl, "nobody-here@example.test", "not-the-password");
    expect(wrong).toMatchObject({ cookie: "", error: "CredentialsSignin", status: 401 });
    expect(unknown).toMatchObject({ cookie: "", error: "CredentialsSignin", status: 401 });
  });

  it("refuses sign-in without a next-auth CSRF token", async () => {
    const user = await createTestUser("user");
    const response = await fetch(`${webUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: user.email, password: PASSWORD, json: "true" }),
      redirect: "manual",
    });
    expect(response.headers.getSetCookie().some((c) => c.includes("session-token=ey"))).toBe(false);
  });

  it("revokes the session on sign-out: the old cookie stops working even if replayed", async () => {
    const user = await createTestUser("user");
    const cookie = await signIn(webUrl, user);
    expect((await call(webUrl, "GET", "/api/v1/tokens", { cookie })).status).toBe(200);
    expect(await signOut(cookie)).toBeLessThan(400);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await call(webUrl, "GET", "/api/v1/tokens", { cookie })).status).toBe(401);
  });

  it("slows password guessing: after the limit even the right password is refused for a while", async () => {
    const user = await createTestUser("user");
    for (let i = 0; i < 10; i++)
      expect((await signInRaw(webUrl, user.email, `wrong-${i}-password`)).error).toBe("CredentialsSignin");
    const blocked = await signInRaw(webUrl, user.email, PASSWORD);
    expect(blocked).toMatchObject({ cookie: "", error: "RateLimited" });
  });
});

describe("disabling a user", () => {
  it("signs them out everywhere, revokes their tokens and stops their sign-ins", async () => {
    const user = await createTestUser("user");
    const cookie = await signIn(webUrl, user);
    const disable = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${user.id}`,
      { cookie: admin.cookie },
      { disabled: true, reason: "spam uploads" },
    );
    expect(disable.status).toBe(200);
    expect((await call(webUrl, "GET", "/api/v1/submissions", { cookie })).status).toBe(401);
    expect((await call(webUrl, "GET", "/api/v1/submissions", { token: user.token })).status).toBe(401);
    expect((await signInRaw(webUrl, user.email, PASSWORD)).error).toBe("CredentialsSignin");
    const enable = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${user.id}`,
      { cookie: admin.cookie },
      { disabled: false, reason: "appeal accepted" },
    );
    expect(enable.status).toBe(200);
    // Sign-in works again; the tokens stay revoked (the user creates new ones).
    expect((await signInRaw(webUrl, user.email, PASSWORD)).error).toBeNull();
    expect((await call(webUrl, "GET", "/api/v1/submissions", { token: user.token })).status).toBe(401);
    const log = await call(webUrl, "GET", `/api/v1/admin/audit-log?target=user:${user.id}`, { cookie: admin.cookie });
    expect(log.json.entries.map((e: { action: string }) => e.action)).toEqual(["user.enable", "user.disable"]);
  });
});

describe("sign-up", () => {
  it("creates an account that can sign in; refuses duplicates, weak passwords and cross-site posts", async () => {
    const email = `self-${Date.now()}@example.test`;
    const created = await call(webUrl, "POST", "/api/auth/register", {}, { email, password: "a-long-enough-password" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(String), email });
    expect(await signIn(webUrl, { email, password: "a-long-enough-password" })).toBeTruthy();
    expect(
      (
        await call(
          webUrl,
          "POST",
          "/api/auth/register",
          {},
          { email: email.toUpperCase(), password: "a-long-enough-password" },
        )
      ).status,
    ).toBe(409);
    const weak = await call(webUrl, "POST", "/api/auth/register", {}, { email: `weak-${email}`, password: "short" });
    expect(weak.status).toBe(422);
    expect(weak.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["password"]);
    expect(
      (
        await call(
          webUrl,
          "POST",
          "/api/auth/register",
          { origin: "https://evil.example" },
          { email: `x-${email}`, password: "a-long-enough-password" },
        )
      ).status,
    ).toBe(403);
  });
});

describe("ADMIN_EMAILS", () => {
  it("promotes a verified address at sign-in and records it in the audit log", async () => {
    const user = await createTestUser("user", { email: "env-admin@example.test" });
    const cookie = await signIn(webUrl, user);
    expect((await call(webUrl, "GET", "/api/v1/admin/users", { cookie })).status).toBe(200);
    const log = await call(webUrl, "GET", `/api/v1/admin/audit-log?target=user:${user.id}`, { cookie: admin.cookie });
    expect(log.json.entries[0]).toMatchObject({
      actor: null,
      action: "user.role",
      reason: "listed in ADMIN_EMAILS",
      details: { from: "user", to: "admin" },
    });
  });

  it("never promotes a self-registered (unverified) address", async () => {
    const email = "env-admin-self-registered@example.test";
    expect(
      (await call(webUrl, "POST", "/api/auth/register", {}, { email, password: "a-long-enough-password" })).status,
    ).toBe(201);
    const cookie = await signIn(webUrl, { email, password: "a-long-enough-password" });
    expect((await call(webUrl, "GET", "/api/v1/admin/users", { cookie })).status).toBe(403);
  });
});
