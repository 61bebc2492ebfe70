// Admins manage benchmark versions from the web: the list with its counts, and the import of a new version from its
// benchmark file (the CLI's format), validated whole, all or nothing, audit-logged, and public at once.

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db, smallBenchmark, userWithToken } from "../support/fixtures";
import { call } from "./authz-support";

const webUrl = inject("webUrl");
let admin: { id: string; token: string };
let maintainer: { token: string };

beforeAll(async () => {
  admin = await userWithToken("admin");
  maintainer = await userWithToken("maintainer");
});

describe("benchmark versions (admin)", () => {
  it("imports a version from its file: 201 with its counts, audit-logged, listed, and on the public board at once", async () => {
    const slug = `admin-import-${randomUUID().slice(0, 8)}`;
    const file = smallBenchmark(slug);
    expect((await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: maintainer.token }, file)).status).toBe(
      403,
    );

    const created = await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: admin.token }, file);
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      key: `${slug}@1`,
      slug,
      version: "1",
      repositories: file.repositories.length,
      reference_bugs: file.reference_bugs.length,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { target: `benchmark:${created.json.id}` } });
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: "benchmark.import",
      details: { benchmark: `${slug}@1`, reference_bugs: file.reference_bugs.length },
    });

    const list = await call(webUrl, "GET", "/api/v1/admin/benchmarks", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json.benchmarks.find((b: { key: string }) => b.key === `${slug}@1`)).toEqual({
      key: `${slug}@1`,
      slug,
      version: "1",
      name: file.name,
      snapshot_date: "2025-01-01",
      reference_visibility: "public",
      taxonomy: false,
      repositories: file.repositories.length,
      snapshots: 0,
      reference_bugs: file.reference_bugs.length,
      fix_dated_bugs: file.reference_bugs.filter((b) => b.fixed_at).length,
      fix_commit_bugs: 0,
      submissions: 0,
      public_submissions: 0,
      created_at: expect.any(String),
      reference_labels: { configured: null, jobs: [], unavailable: "This version has no bug-type taxonomy." },
    });
    expect((await call(webUrl, "GET", `/api/v1/leaderboard?benchmark=${slug}@1`)).status).toBe(200);

    // Versions are immutable: the same slug and version again is a 409 that names it, and nothing else is written.
    const again = await call(
      webUrl,
      "POST",
      "/api/v1/admin/benchmarks",
      { token: admin.token },
      { ...file, name: "Changed" },
    );
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain(`${slug} version 1 already exists`);
    expect(await db.benchmark.count({ where: { slug } })).toBe(1);
    expect((await db.benchmark.findFirstOrThrow({ where: { slug } })).name).toBe(file.name);
  });

  it("refuses a bad file with every problem by path, and writes nothing", async () => {
    const slug = `admin-bad-${randomUUID().slice(0, 8)}`;
    const file = smallBenchmark(slug);
    const bad = {
      ...file,
      snapshot_date: "yesterday",
      reference_bugs: [{ ...file.reference_bugs[0]!, repo: "acme/nowhere" }],
    };
    const refused = await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: admin.token }, bad);
    expect(refused.status).toBe(422);
    expect(refused.json.error.issues).toEqual(
      expect.arrayContaining([
        { path: "snapshot_date", message: "must be a date YYYY-MM-DD" },
        { path: "reference_bugs[0].repo", message: "unknown repository acme/nowhere" },
      ]),
    );
    const malformed = await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: admin.token }, '{"slug": ');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toContain("The benchmark file is not valid JSON");
    expect(await db.benchmark.count({ where: { slug } })).toBe(0);
    expect(
      await db.auditLog.count({
        where: { action: "benchmark.import", details: { path: ["benchmark"], equals: `${slug}@1` } },
      }),
    ).toBe(0);
  });

  it("parses a file of 5,000 bugs in the upload parse thread: stored whole and in file order, or refused by path", async () => {
    // 5,000 bugs and 2,500 fix commits (1.2 MB, under the test stack's 2 MB uploads) come back in several slices each.
    const slug = `admin-large-${randomUUID().slice(0, 8)}`;
    const shas = Array.from({ length: 2_500 }, (_, i) => i.toString(16).padStart(40, "0"));
    const file = {
      slug,
      name: "Large import",
      version: "1",
      snapshot_date: "2025-01-01",
      repositories: [
        {
          name: "acme/big",
          language: "python",
          fix_commits: shas.map((sha, i) => ({ sha, date: new Date(Date.UTC(2025, 1, 1) + i * 60_000).toISOString() })),
        },
      ],
      reference_bugs: Array.from({ length: 5_000 }, (_, i) => ({
        id: `B${i}`,
        repo: "acme/big",
        file: `src/m${i % 50}.py`,
        line_start: 1 + (i % 400),
        line_end: 2 + (i % 400),
        title: `Reference bug ${i}`,
        description: `Reference bug ${i}, found by the test of large imports.`,
        ...(i === 4_999 ? { fix_commit: shas[2_499] } : {}),
      })),
    };

    const broken = {
      ...file,
      reference_bugs: file.reference_bugs.map((b, i) => (i === 4_999 ? { ...b, repo: "acme/nowhere" } : b)),
    };
    const refused = await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: admin.token }, broken);
    expect(refused.status).toBe(422);
    expect(refused.json.error).toEqual({
      code: "invalid_input",
      message: "The benchmark file is invalid: 1 problem",
      issues: [{ path: "reference_bugs[4999].repo", message: "unknown repository acme/nowhere" }],
    });

    const created = await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: admin.token }, file);
    expect(created.status).toBe(201);
    expect(created.json.reference_bugs).toBe(5_000);
    const bugs = await db.referenceBug.findMany({
      where: { repository: { benchmarkId: created.json.id } },
      orderBy: { id: "asc" },
      select: { externalId: true, title: true, fixCommit: true, fixedAt: true },
    });
    expect(bugs.map((b) => b.externalId)).toEqual(file.reference_bugs.map((b) => b.id));
    expect(bugs[4_999]).toEqual({
      externalId: "B4999",
      title: "Reference bug 4999",
      fixCommit: shas[2_499],
      fixedAt: new Date(file.repositories[0]!.fix_commits[2_499]!.date),
    });
    const commits = await db.fixCommit.findMany({
      where: { repository: { benchmarkId: created.json.id } },
      orderBy: { position: "asc" },
      select: { sha: true },
    });
    expect(commits.map((c) => c.sha)).toEqual(shas);
  });

  it("parses a fix-dates file in the upload parse thread: a hostile shape refused in the scan, a large one stored whole", async () => {
    const slug = `admin-fix-dates-${randomUUID().slice(0, 8)}`;
    expect(
      (await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: admin.token }, smallBenchmark(slug))).status,
    ).toBe(201);
    const path = `/api/v1/admin/benchmarks/${encodeURIComponent(`${slug}@1`)}/fix-dates`;
    // An unknown version is refused before its body is read; 200,001 empty rows stop the scan before anything is built.
    expect(
      (await call(webUrl, "POST", `/api/v1/admin/benchmarks/${slug}%402/fix-dates`, { token: admin.token }, "["))
        .status,
    ).toBe(404);
    const hostile = await call(
      webUrl,
      "POST",
      path,
      { token: admin.token },
      `{"fix_dates":[${Array(200_001).fill("{}").join(",")}]}`,
    );
    expect(hostile.status).toBe(422);
    expect(hostile.json.error.message).toMatch(/more than 200,000 fix dates/);

    // 4,500 fix commits come back from the thread in several slices, in file order.
    const shas = Array.from({ length: 4_500 }, (_, i) => i.toString(16).padStart(40, "0"));
    const file = {
      repositories: [
        {
          name: "acme/parser",
          fix_commits: shas.map((sha, i) => ({ sha, date: new Date(Date.UTC(2025, 1, 1) + i * 60_000).toISOString() })),
        },
      ],
      fix_dates: [
        { repo: "acme/parser", id: "P1", fix_commit: shas[4_499] },
        { repo: "acme/ui", id: "U1", fixed_at: "2025-03-01T00:00:00Z" },
      ],
    };
    const imported = await call(webUrl, "POST", path, { token: admin.token }, file);
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ dated: 2, fix_commits: 4_500 });
    const benchmarkId = (await db.benchmark.findFirstOrThrow({ where: { slug }, select: { id: true } })).id;
    const commits = await db.fixCommit.findMany({
      where: { repository: { benchmarkId } },
      orderBy: { position: "asc" },
      select: { sha: true },
    });
    expect(commits.map((c) => c.sha)).toEqual(shas);
    expect(
      await db.referenceBug.findFirstOrThrow({
        where: { externalId: "P1", repository: { benchmarkId } },
        select: { fixCommit: true },
      }),
    ).toEqual({ fixCommit: shas[4_499] });
  });
});
