import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, seedBenchmark, waitForStatus } from "../support/fixtures";
import { call, createTestUser, signIn, type TestUser } from "./authz-support";

// Fair use: the per-user daily quota (Postgres, with a per-user override) and the API rate limits (Redis), both
// answered with 429 and Retry-After. The test stack sets RATE_LIMIT_API_WRITES=150 per 60 s.
const webUrl = inject("webUrl");
let slug: string;
let admin: TestUser & { cookie: string };

beforeAll(async () => {
  slug = await seedBenchmark();
  const person = await createTestUser("admin");
  admin = { ...person, cookie: await signIn(webUrl, person) };
});

const file = (model: string) => ({ benchmark: slug, model, findings: [] });

describe("daily submission quota", () => {
  it("refuses the upload after the user's quota with 429, Retry-After and a clear message; stores nothing", async () => {
    const user = await createTestUser("user", { quota: 2 });
    const cookie = await signIn(webUrl, user);
    expect((await call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file("Quota 1"))).status).toBe(
      202,
    );
    expect((await call(webUrl, "POST", "/api/v1/submissions", { cookie }, file("Quota 2"))).status).toBe(202);
    const refused = await call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file("Quota 3"));
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(refused.json.error.message).toMatch(/quota reached: 2 of 2 uploads in the last 24 hours/i);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await db.submission.count({ where: { submitterId: user.id } })).toBe(2);
    const mine = await call(webUrl, "GET", "/api/v1/submissions", { cookie });
    expect(mine.json.quota).toMatchObject({ limit: 2, used: 2, remaining: 0 });
  });

  it("lets an admin raise one user's quota, recorded in the audit log", async () => {
    const user = await createTestUser("user", { quota: 0 });
    expect((await call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file("Blocked"))).status).toBe(
      429,
    );
    const raise = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${user.id}`,
      { cookie: admin.cookie },
      { submission_quota_per_day: 1, reason: "paper deadline" },
    );
    expect(raise.status).toBe(200);
    expect(raise.json.changes).toEqual(["user.quota"]);
    expect((await call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file("Allowed"))).status).toBe(
      202,
    );
    const log = await call(webUrl, "GET", `/api/v1/admin/audit-log?target=user:${user.id}`, { cookie: admin.cookie });
    expect(log.json.entries[0]).toMatchObject({
      action: "user.quota",
      reason: "paper deadline",
      details: { from: 0, to: 1 },
      actor: { email: admin.email },
    });
  });

  it("holds under concurrent uploads: one slot left, one upload wins", async () => {
    const user = await createTestUser("user", { quota: 1 });
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file(`Race ${i}`))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([202, 429, 429, 429]);
    expect(await db.submission.count({ where: { submitterId: user.id } })).toBe(1);
  });

  it("does not count submissions whose scoring failed", async () => {
    const user = await createTestUser("user", { quota: 1 });
    const created = await call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file("Will fail"));
    expect(created.status).toBe(202);
    // Let the worker finish first, or its final write could overwrite ours; then record a permanent judge failure
    // the way the worker does.
    await waitForStatus(webUrl, created.json.id, user.token);
    await db.submission.update({
      where: { id: created.json.id },
      data: { scoringStatus: "failed", scoringError: "judge unavailable" },
    });
    expect((await call(webUrl, "POST", "/api/v1/submissions", { token: user.token }, file("Second try"))).status).toBe(
      202,
    );
  });
});

describe("API rate limits", () => {
  it("answers 429 with Retry-After once a caller's writes exceed the window's limit, without blocking reads", async () => {
    const user = await createTestUser("user");
    // Cheap writes: API tokens cannot mint tokens (403), but every attempt counts against the write limit.
    for (let i = 0; i < 150; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () => call(webUrl, "POST", "/api/v1/tokens", { token: user.token }, { name: "x" })),
      );
      expect(batch.every((r) => r.status === 403)).toBe(true);
    }
    const limited = await call(webUrl, "POST", "/api/v1/tokens", { token: user.token }, { name: "x" });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toMatch(/Too many requests: the limit is 150 per minute/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await call(webUrl, "GET", "/api/v1/tokens", { token: user.token })).status).toBe(200);
    // Limits are per caller: another user is unaffected.
    const other = await createTestUser("user");
    expect((await call(webUrl, "POST", "/api/v1/submissions", { token: other.token }, file("Unaffected"))).status).toBe(
      202,
    );
  });
});
