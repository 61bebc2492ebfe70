// A benchmark version's datasheet is computed from what was imported: a file with a pipeline block and fix commits
// fills every part (JSON, CSV and the page), a file without them says which parts are missing and which field gives
// them, and a later fix-dates file fills the bug-pool estimate in.

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { queueDatasheet } from "../../lib/server/datasheet/queue-datasheet";
import { db, smallBenchmark, userWithToken } from "../support/fixtures";
import { waitFor } from "../support/fault-harness";
import { call } from "./authz-support";

const webUrl = inject("webUrl");
let admin: { token: string };

beforeAll(async () => {
  admin = await userWithToken("admin");
});

/** The datasheet once the worker's job has computed it from the version's data as they are now. */
async function currentSheet(path: string) {
  return waitFor(
    async () => (await call(webUrl, "GET", path)).json,
    (sheet) => sheet.status === "current",
    60_000,
    `the datasheet ${path} to be computed`,
  );
}

const sha = (repo: string, i: number) => `${repo === "acme/parser" ? "a" : "b"}${String(i).padStart(6, "0")}`;

/** Bug-fixing commits of a repository, one every ten days from the snapshot, oldest first. */
function fixCommits(repo: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    sha: sha(repo, i + 1),
    date: new Date(Date.UTC(2025, 0, 2 + 10 * i)).toISOString(),
  }));
}

function bug(id: string, repo: string, commit: number) {
  return {
    id,
    repo,
    file: "src/x.py",
    line_start: 1,
    line_end: 2,
    title: `Bug ${id}`,
    description: `Bug ${id} described.`,
    fix_commit: sha(repo, commit),
  };
}

describe("benchmark datasheet", () => {
  it("computes every part from a file with a pipeline block and fix commits", async () => {
    const slug = `sheet-${randomUUID().slice(0, 8)}`;
    // Early fix commits fix more bugs (a falling hazard); P1 and P2 share commit 1.
    const parserCommits = [1, 1, 2, 3, 5, 8, 13, 21, 30, 44];
    const uiCommits = [1, 2, 4, 6, 9, 17, 25];
    const file = {
      slug,
      name: "Datasheet benchmark",
      version: "1",
      snapshot_date: "2025-01-01",
      reference_window_end: "2026-07-01",
      pipeline: {
        commits: 400,
        bug_fix_commits: 100,
        candidate_bugs: 110,
        anchored_candidates: 60,
        present_candidates: 20,
        deduplicated_bugs: 17,
      },
      repositories: [
        {
          name: "acme/parser",
          language: "python",
          tests: 120,
          commits: 250,
          fix_commits: fixCommits("acme/parser", 50),
        },
        { name: "acme/ui", language: "typescript", tests: 80, commits: 150, fix_commits: fixCommits("acme/ui", 30) },
      ],
      reference_bugs: [
        ...parserCommits.map((k, i) => bug(`P${i + 1}`, "acme/parser", k)),
        ...uiCommits.map((k, i) => bug(`U${i + 1}`, "acme/ui", k)),
      ],
    };
    const created = await call(webUrl, "POST", "/api/v1/admin/benchmarks", { token: admin.token }, file);
    expect(created.status).toBe(201);
    // A fix commit dates its bug (the fix-rank test reads the date).
    expect(
      await db.referenceBug.count({ where: { repository: { benchmarkId: created.json.id }, fixedAt: null } }),
    ).toBe(0);

    const path = `/api/v1/benchmarks/${slug}/1/datasheet`;
    const sheet = await currentSheet(path);
    expect(sheet.missing.map((m: { field: string }) => m.field)).toEqual([
      "the repository's snapshot (npx probebench snapshot import)",
    ]);
    expect(sheet.pipeline.stages.map((s: { change_pct: number | null }) => s.change_pct?.toFixed(1) ?? null)).toEqual([
      null,
      "-75.0",
      "10.0",
      "-45.5",
      "-66.7",
      "-15.0",
    ]);
    expect(sheet.repositories[0]).toMatchObject({
      repo: "acme/parser",
      tests: { value: 120, missing: null },
      fix_commits: { value: 50, missing: null },
      bugs: 10,
    });
    expect(sheet.calendar.months).toHaveLength(18);
    expect(sheet.calendar.fix_commits).toBe(80);
    expect(sheet.bug_pool).toMatchObject({ bugs: 17, first_half_bugs: 13, repositories: 2, unpositioned_bugs: 0 });
    // The held-out check counts the late fixes observed: P9, P10 (commits 30 and 44 of 50), U6, U7 (17 and 25 of 30).
    expect(sheet.bug_pool.held_out.map((h: { observed: number }) => h.observed)).toEqual([4, 4, 4]);
    const exponential = sheet.bug_pool.fits[0].parameters[0];
    expect(exponential.full.value).toBeGreaterThan(0);
    expect(sheet.bug_pool.horizons[0].total).toBeGreaterThanOrEqual(17);

    const csv = await fetch(`${webUrl}${path}?format=csv&table=fits`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe("family,parameter,full_window,full_window_se,first_half,first_half_se");
    expect(text).toContain("exponential,beta,");

    const page = await fetch(`${webUrl}/benchmarks/${slug}/1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const heading of [
      "(Table 1)",
      "(Table 6)",
      "(Figure 10)",
      "(Table 8)",
      "Held-out check",
      "(Figure 3)",
      "(Table 9)",
    ])
      expect(html).toContain(heading);
    expect(html).toContain("lower bound");
    expect(html).toContain('aria-label="Share of the 80 bug-fixing commits');
  });

  it("says what is missing without fix commits, and fills it in from a fix-dates file", async () => {
    const slug = `sheet-bare-${randomUUID().slice(0, 8)}`;
    const created = await call(
      webUrl,
      "POST",
      "/api/v1/admin/benchmarks",
      { token: admin.token },
      smallBenchmark(slug),
    );
    expect(created.status).toBe(201);
    const path = `/api/v1/benchmarks/${slug}/1/datasheet`;
    const bare = await currentSheet(path);
    expect(bare.pipeline).toBeNull();
    expect(bare.calendar).toBeNull();
    expect(bare.bug_pool).toBeNull();
    expect(bare.missing.map((m: { part: string; field: string }) => `${m.part}: ${m.field}`)).toEqual(
      expect.arrayContaining([
        "Table 1: pipeline",
        "Table 6: repositories[].tests",
        "Figure 10: repositories[].fix_commits",
        "Tables 8-9, Figure 3: repositories[].fix_commits",
      ]),
    );
    const html = await (await fetch(`${webUrl}/benchmarks/${slug}/1`)).text();
    expect(html).toContain("Not computed from this version");
    expect(html).toContain("<code>repositories[].fix_commits</code>");

    const fixDates = {
      reference_window_end: "2026-07-01",
      repositories: [
        { name: "acme/parser", commits: 90, tests: 40, fix_commits: fixCommits("acme/parser", 20) },
        { name: "acme/ui", fix_commits: fixCommits("acme/ui", 10) },
      ],
      fix_dates: [
        { repo: "acme/parser", id: "P1", fix_commit: sha("acme/parser", 1) },
        { repo: "acme/parser", id: "P2", fix_commit: sha("acme/parser", 3) },
        { repo: "acme/parser", id: "P3", fix_commit: sha("acme/parser", 15) },
        { repo: "acme/ui", id: "U1", fix_commit: sha("acme/ui", 2) },
      ],
    };
    const imported = await call(
      webUrl,
      "POST",
      `/api/v1/admin/benchmarks/${encodeURIComponent(`${slug}@1`)}/fix-dates`,
      { token: admin.token },
      fixDates,
    );
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ dated: 4, fix_commits: 30, reference_bugs: 4 });
    const filled = await waitFor(
      async () => (await call(webUrl, "GET", path)).json,
      (sheet) => sheet.status === "current" && sheet.input_hash !== bare.input_hash,
      60_000,
      "the datasheet recomputed after the fix dates",
    );
    expect(filled.bug_pool).toMatchObject({ bugs: 4, repositories: 2, unpositioned_bugs: 0 });
    expect(filled.calendar.fix_commits).toBe(30);
    expect(filled.repositories[0].commits).toEqual({ value: 90, missing: null });

    // Queued again with unchanged data, the job keeps the stored sheet: same hash, same computation time.
    const benchmarkId = created.json.id as string;
    await queueDatasheet(benchmarkId);
    const row = await waitFor(
      () => db.benchmarkDatasheet.findUniqueOrThrow({ where: { benchmarkId } }),
      (r) => r.status === "done",
      60_000,
      "the unchanged datasheet's job",
    );
    expect(row.inputHash).toBe(filled.input_hash);
    expect((await currentSheet(path)).computed_at).toBe(filled.computed_at);

    // While the worker computes, the page says so above the previous computation.
    await db.benchmarkDatasheet.update({ where: { benchmarkId }, data: { status: "running" } });
    const computing = await (await fetch(`${webUrl}/benchmarks/${slug}/1`)).text();
    expect(computing).toContain("Computing: the worker is recomputing this datasheet from the version&#x27;s data");
    expect(computing).toContain("(Table 6)");
    expect((await call(webUrl, "GET", path)).json.status).toBe("computing");
    await db.benchmarkDatasheet.update({ where: { benchmarkId }, data: { status: "done" } });

    // What the version has it keeps: the same fix commits again are a 409.
    const again = await call(
      webUrl,
      "POST",
      `/api/v1/admin/benchmarks/${encodeURIComponent(`${slug}@1`)}/fix-dates`,
      { token: admin.token },
      { repositories: [{ name: "acme/ui", fix_commits: fixCommits("acme/ui", 10) }] },
    );
    expect(again.status).toBe(409);
  });
});
