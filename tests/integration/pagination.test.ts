import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, seedBenchmark } from "../support/fixtures";
import { call, createTestUser, signIn, type TestUser } from "./authz-support";

// Long lists (my submissions, the review queue, users) come in pages: ?page=N&per_page=M, a total, no overlap
// between pages, a clear error for a bad page number, and previous/next links on the pages.
const webUrl = inject("webUrl");
let user: TestUser & { cookie: string };
let admin: TestUser & { cookie: string };
let created: string[];

beforeAll(async () => {
  const slug = await seedBenchmark();
  const benchmark = await db.benchmark.findFirstOrThrow({ where: { slug } });
  const person = await createTestUser("user");
  user = { ...person, cookie: await signIn(webUrl, person) };
  const boss = await createTestUser("admin");
  admin = { ...boss, cookie: await signIn(webUrl, boss) };
  created = [];
  // Five stored submissions (not scored: the lists show them whatever their status), one second apart.
  for (let i = 0; i < 5; i++) {
    const row = await db.submission.create({
      data: {
        benchmarkId: benchmark.id,
        submitterId: user.id,
        model: `Paged ${i}`,
        scoringStatus: "failed",
        scoringError: "x",
        createdAt: new Date(Date.now() - (5 - i) * 1_000),
      },
    });
    created.push(row.id);
  }
});

describe("pagination", () => {
  it("pages the caller's submissions newest first, without overlap, with totals", async () => {
    const first = await call(webUrl, "GET", "/api/v1/submissions?per_page=2", { token: user.token });
    expect(first.status).toBe(200);
    expect(first.json.pagination).toEqual({ page: 1, per_page: 2, total: 5, pages: 3 });
    const pages = [first.json];
    for (const page of [2, 3])
      pages.push(
        (await call(webUrl, "GET", `/api/v1/submissions?per_page=2&page=${page}`, { token: user.token })).json,
      );
    const ids = pages.flatMap((p) => p.submissions.map((s: { id: string }) => s.id));
    expect(ids).toEqual([...created].reverse());
    const past = await call(webUrl, "GET", "/api/v1/submissions?per_page=2&page=4", { token: user.token });
    expect(past.json.submissions).toEqual([]);
    expect(past.json.quota).toBeDefined();
  });

  it("answers a bad page number with 422 naming the parameter", async () => {
    for (const query of ["page=0", "page=abc", "per_page=1000"]) {
      const bad = await call(webUrl, "GET", `/api/v1/submissions?${query}`, { token: user.token });
      expect(bad.status, query).toBe(422);
      expect(bad.json.error.issues.map((i: { path: string }) => i.path)).toEqual([query.split("=")[0]]);
    }
  });

  it("pages the admin lists", async () => {
    const users = await call(webUrl, "GET", `/api/v1/admin/users?per_page=1&q=${encodeURIComponent(user.email)}`, {
      cookie: admin.cookie,
    });
    expect(users.json.pagination).toEqual({ page: 1, per_page: 1, total: 1, pages: 1 });
    expect(users.json.users[0].email).toBe(user.email);
    const withdrawn = await call(webUrl, "GET", "/api/v1/admin/submissions?review_status=withdrawn&per_page=1", {
      cookie: admin.cookie,
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json.pagination.per_page).toBe(1);
  });

  it("shows previous / next links on the pages, keeping the filters", async () => {
    await db.user.update({ where: { id: user.id }, data: { name: "Pager Person" } });
    const html = async (path: string, cookie: string) =>
      (await fetch(`${webUrl}${path}`, { headers: { cookie } })).text();
    // Fifty a page: five submissions fit on one page and no pager is shown.
    expect(await html("/account/submissions", user.cookie)).not.toContain("Pages of submissions");
    const past = await html("/account/submissions?page=9", user.cookie);
    expect(past).toContain("Page 9 is past the end");
    expect(past).not.toContain("Nothing yet");
    const search = await html(`/admin/users?q=${encodeURIComponent("Pager Person")}`, admin.cookie);
    expect(search).toContain(user.email);
    const none = await html(`/admin/users?q=${encodeURIComponent("nobody-at-all")}`, admin.cookie);
    expect(none).toContain("No user matches");
  });
});
