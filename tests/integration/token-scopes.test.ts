import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiToken } from "../../lib/server/tokens/api-tokens";
import type { TokenScope } from "../../lib/validation/api-token";
import { db, seedBenchmark } from "../support/fixtures";
import { call, createTestUser, signIn, type TestUser } from "./authz-support";

// API token scopes and lifetime against the real server: which scope each route needs, expiry, who may mint which
// scopes, and the revocations that come with disabling an account.
const webUrl = inject("webUrl");
const DAY_MS = 24 * 60 * 60 * 1_000;

let slug: string;
let user: TestUser & { cookie: string };
let admin: TestUser & { cookie: string };

async function tokenFor(person: { email: string }, scopes: TokenScope[], expires_days?: number): Promise<string> {
  return (await createApiToken(person.email, { name: `scopes ${scopes.join("+")}`, scopes, expires_days })).token;
}

const upload = (token: string, model: string) =>
  call(webUrl, "POST", "/api/v1/submissions", { token }, { benchmark: slug, model, findings: [] });

beforeAll(async () => {
  slug = await seedBenchmark();
  for (const role of ["user", "admin"] as const) {
    const person = await createTestUser(role);
    const signedIn = { ...person, cookie: await signIn(webUrl, person) };
    if (role === "user") user = signedIn;
    else admin = signedIn;
  }
});

describe("token scopes", () => {
  it("lets a read-only token read the owner's data but not upload (403 naming `submit`)", async () => {
    const read = await tokenFor(user, ["read"]);
    const refused = await upload(read, "Read only");
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/lacks the `submit` scope/);
    expect((await call(webUrl, "GET", "/api/v1/submissions", { token: read })).status).toBe(200);
    expect((await call(webUrl, "GET", "/api/v1/tokens", { token: read })).status).toBe(200);
  });

  it("lets a submit-only token upload and withdraw but not read the owner's submissions (403 naming `read`)", async () => {
    const submit = await tokenFor(user, ["submit"]);
    const created = await upload(submit, "Submit only");
    expect(created.status).toBe(202);
    for (const path of ["/api/v1/submissions", `/api/v1/submissions/${created.json.id}`, "/api/v1/tokens"]) {
      const refused = await call(webUrl, "GET", path, { token: submit });
      expect([path, refused.status]).toEqual([path, 403]);
      expect(refused.json.error.message).toMatch(/lacks the `read` scope/);
    }
    expect(
      (await call(webUrl, "POST", `/api/v1/submissions/${created.json.id}/withdraw`, { token: submit }, {})).status,
    ).toBe(200);
  });

  it("keeps an admin's token without the admin scope out of the admin API, while the admin's session gets in", async () => {
    const target = await createTestUser("user");
    const plain = await tokenFor(admin, ["submit", "read"]);
    const change = { submission_quota_per_day: 3, reason: "scope test" };
    for (const [method, path, body] of [
      ["PATCH", `/api/v1/admin/users/${target.id}`, change],
      ["POST", "/api/v1/admin/submissions/ckunknownid0000000000000/review", { decision: "approve" }],
      ["GET", "/api/v1/admin/users", undefined],
      ["GET", "/api/v1/admin/submissions", undefined],
      ["GET", "/api/v1/admin/audit-log", undefined],
    ] as const) {
      const refused = await call(webUrl, method, path, { token: plain }, body);
      expect([path, refused.status]).toEqual([path, 403]);
      expect(refused.json.error.message).toMatch(/lacks the `admin` scope/);
    }
    expect(
      (await call(webUrl, "PATCH", `/api/v1/admin/users/${target.id}`, { cookie: admin.cookie }, change)).status,
    ).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).submissionQuotaPerDay).toBe(3);
  });

  it("lets an admin-scoped token of an admin call the admin API, and only while its owner is an admin", async () => {
    const other = await createTestUser("admin");
    const adminOnly = await tokenFor(other, ["admin"]);
    const target = await createTestUser("user");
    const patched = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${target.id}`,
      { token: adminOnly },
      { submission_quota_per_day: 9, reason: "admin token" },
    );
    expect(patched.status).toBe(200);
    expect((await call(webUrl, "GET", "/api/v1/admin/audit-log", { token: adminOnly })).status).toBe(200);
    // The admin scope alone does not upload.
    expect((await upload(adminOnly, "Admin scope only")).status).toBe(403);
    await db.user.update({ where: { id: other.id }, data: { role: "user" } });
    const demoted = await call(webUrl, "GET", "/api/v1/admin/users", { token: adminOnly });
    expect(demoted.status).toBe(403);
    expect(demoted.json.error.message).toBe("You do not have permission for this action");
  });
});

describe("token lifetime", () => {
  it("refuses an expired token with 401 and the date it expired", async () => {
    const { id, token } = await createApiToken(user.email, { name: "short-lived", expires_days: 1 });
    expect((await call(webUrl, "GET", "/api/v1/submissions", { token })).status).toBe(200);
    await db.apiToken.update({ where: { id }, data: { expiresAt: new Date("2026-01-02T03:04:05Z") } });
    const expired = await call(webUrl, "GET", "/api/v1/submissions", { token });
    expect(expired.status).toBe(401);
    expect(expired.json.error.message).toMatch(/^The API token expired on 2026-01-02 03:04 UTC/);
    expect((await upload(token, "Expired")).status).toBe(401);
    const listed = await call(webUrl, "GET", "/api/v1/tokens", { cookie: user.cookie });
    expect(listed.json.tokens.find((t: { id: string }) => t.id === id)).toMatchObject({
      expired: true,
      revoked_at: null,
      expires_at: "2026-01-02T03:04:05.000Z",
    });
  });
});

describe("creating tokens (browser session)", () => {
  const create = (cookie: string, body: unknown) => call(webUrl, "POST", "/api/v1/tokens", { cookie }, body);

  it("defaults to submit + read for 90 days, and lists scopes and expiry", async () => {
    const before = Date.now();
    const created = await create(user.cookie, { name: "defaults" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: "defaults",
      scopes: ["submit", "read"],
      expired: false,
      token: expect.stringMatching(/^pb_/),
    });
    const lifetime = Date.parse(created.json.expires_at) - before;
    expect(lifetime).toBeGreaterThan(90 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThan(90 * DAY_MS + 60_000);
    const listed = await call(webUrl, "GET", "/api/v1/tokens", { cookie: user.cookie });
    const { token: _secret, ...summary } = created.json;
    expect(listed.json.tokens).toContainEqual(summary);
  });

  it("takes chosen scopes and a lifetime in days", async () => {
    const created = await create(user.cookie, { name: "one week read", scopes: ["read"], expires_days: 7 });
    expect(created.status).toBe(201);
    expect(created.json.scopes).toEqual(["read"]);
    expect(Date.parse(created.json.expires_at) - Date.parse(created.json.created_at)).toBe(7 * DAY_MS);
    expect((await upload(created.json.token, "Week read")).status).toBe(403);
  });

  it("gives the admin scope to staff only (403 for users); a maintainer's admin token still cannot use the admin API", async () => {
    const refused = await create(user.cookie, { name: "wants admin", scopes: ["submit", "admin"] });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/Only admins and maintainers can create a token with the `admin` scope/);
    const maintainer = await createTestUser("maintainer");
    const staff = await create(await signIn(webUrl, maintainer), { name: "overrides", scopes: ["admin"] });
    expect(staff.status).toBe(201);
    expect((await call(webUrl, "GET", "/api/v1/admin/users", { token: staff.json.token })).status).toBe(403);
    const granted = await create(admin.cookie, { name: "admin ci", scopes: ["admin"], expires_days: 30 });
    expect(granted.status).toBe(201);
    expect((await call(webUrl, "GET", "/api/v1/admin/users", { token: granted.json.token })).status).toBe(200);
  });

  it("answers 422 naming each bad field", async () => {
    const cases: [unknown, string[]][] = [
      [{ name: "x", scopes: [] }, ["scopes"]],
      [{ name: "x", scopes: ["read", "read"] }, ["scopes[1]"]],
      [{ name: "x", scopes: ["write"] }, ["scopes[0]"]],
      [{ name: "x", expires_days: 0 }, ["expires_days"]],
      [{ name: "x", expires_days: 366 }, ["expires_days"]],
      [{ name: "x", expires_days: 2.5 }, ["expires_days"]],
      [{ name: "", scopes: "read", expires_days: "7" }, ["name", "scopes", "expires_days"]],
    ];
    for (const [body, paths] of cases) {
      const refused = await create(user.cookie, body);
      expect([body, refused.status]).toEqual([body, 422]);
      expect(refused.json.error.issues.map((i: { path: string }) => i.path)).toEqual(paths);
    }
  });

  it("never lets a token mint a token, whatever its scopes", async () => {
    const all = await tokenFor(admin, ["submit", "read", "admin"]);
    const refused = await call(webUrl, "POST", "/api/v1/tokens", { token: all }, { name: "minted by a token" });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/needs a signed-in browser session/);
  });
});

describe("revoking tokens", () => {
  it("lets a token revoke itself but not its owner's other tokens", async () => {
    const first = await createApiToken(user.email, { name: "first" });
    const second = await createApiToken(user.email, { name: "second", scopes: ["submit"] });
    const other = await call(webUrl, "DELETE", `/api/v1/tokens/${first.id}`, { token: second.token });
    expect(other.status).toBe(403);
    expect((await call(webUrl, "GET", "/api/v1/submissions", { token: first.token })).status).toBe(200);
    expect((await call(webUrl, "DELETE", `/api/v1/tokens/${second.id}`, { token: second.token })).status).toBe(200);
    expect((await upload(second.token, "Revoked")).status).toBe(401);
  });

  it("revokes every token of a disabled user, for good: enabling the account again does not bring them back", async () => {
    const person = await createTestUser("user");
    const extra = await createApiToken(person.email, { name: "extra", scopes: ["read"] });
    const disable = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${person.id}`,
      { cookie: admin.cookie },
      { disabled: true, reason: "leaked credentials" },
    );
    expect(disable.status).toBe(200);
    expect(disable.json.revoked_tokens).toBe(2);
    expect(await db.apiToken.count({ where: { userId: person.id, revokedAt: null } })).toBe(0);
    expect(
      (
        await call(
          webUrl,
          "PATCH",
          `/api/v1/admin/users/${person.id}`,
          { cookie: admin.cookie },
          { disabled: false, reason: "cleaned up" },
        )
      ).status,
    ).toBe(200);
    for (const token of [person.token, extra.token])
      expect((await call(webUrl, "GET", "/api/v1/submissions", { token })).status).toBe(401);
    const log = await call(webUrl, "GET", `/api/v1/admin/audit-log?target=user:${person.id}`, { cookie: admin.cookie });
    expect(log.json.entries.find((e: { action: string }) => e.action === "user.disable")).toMatchObject({
      details: { revoked_tokens: 2 },
    });
  });
});
