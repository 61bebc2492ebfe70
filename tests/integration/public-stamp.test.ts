import { contractFetch } from "../support/api-contract";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { readBenchmarkStamp, readGlobalStamp } from "../../lib/server/public-reads/stamp-cache";
import { db, finding, seedBenchmark, userWithToken, waitForStatus } from "../support/fixtures";

// The public data stamp (ETags of the read-only API, the leaderboard's "changed?" check) moves with public entries
// only: private uploads, their scoring and their withdrawal must not show in it, or anyone could watch them.
const webUrl = inject("webUrl");
let slug: string;
let benchmarkId: string;
let submitter: { token: string };
let admin: { token: string };

beforeAll(async () => {
  slug = await seedBenchmark();
  benchmarkId = (await db.benchmark.findFirstOrThrow({ where: { slug } })).id;
  submitter = await userWithToken("user");
  admin = await userWithToken("admin");
});

async function upload(model: string): Promise<string> {
  const file = {
    benchmark: slug,
    model,
    findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost")],
  };
  const response = await contractFetch(`${webUrl}/api/v1/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${submitter.token}` },
    body: JSON.stringify(file),
  });
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  expect((await waitForStatus(webUrl, id, submitter.token)).status).toBe("scored");
  return id;
}

async function post(path: string, token: string, body?: unknown): Promise<number> {
  const response = await contractFetch(`${webUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status;
}

/** What the public sees: both stamps and the leaderboard download's ETag (served through the stamp cache). */
async function publicStamps(): Promise<{ benchmark: string; global: string; etag: string | null }> {
  // The server re-reads a stamp at most once a second per key; wait that out so the ETag is current.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const response = await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return {
    benchmark: await readBenchmarkStamp(benchmarkId),
    global: await readGlobalStamp(),
    etag: response.headers.get("etag"),
  };
}

describe("public data stamp", () => {
  it("does not move when a private submission is created, scored or withdrawn; moves when one is approved", async () => {
    const before = await publicStamps();
    expect(before.etag).toBeTruthy();

    const hidden = await upload("Private model");
    expect(await publicStamps()).toEqual(before);

    const withdrawn = await upload("Withdrawn model");
    expect(await post(`/api/v1/submissions/${withdrawn}/withdraw`, submitter.token)).toBe(200);
    expect(await publicStamps()).toEqual(before);

    expect(await post(`/api/v1/admin/submissions/${hidden}/review`, admin.token, { decision: "approve" })).toBe(200);
    const approved = await publicStamps();
    expect(approved.benchmark).not.toBe(before.benchmark);
    expect(approved.global).not.toBe(before.global);
    expect(approved.etag).not.toBe(before.etag);

    // Taking it off the public pages again moves the stamp too.
    expect(
      await post(`/api/v1/admin/submissions/${hidden}/review`, admin.token, { decision: "reject", reason: "test" }),
    ).toBe(200);
    const rejected = await publicStamps();
    expect(rejected.benchmark).not.toBe(approved.benchmark);
    expect(rejected.etag).not.toBe(approved.etag);
  });
});

describe("a benchmark version imported a moment ago", () => {
  it("is served at once, though the list of versions was read within the second", async () => {
    // Warm this instance's cached list of versions, then import a new version and ask for it straight away.
    expect((await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${slug}@1`)).status).toBe(200);
    const fresh = await seedBenchmark();
    const response = await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${fresh}@1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { benchmark: { key: string } }).benchmark.key).toBe(`${fresh}@1`);
    // A version that does not exist is still a 404 that names it.
    const missing = await contractFetch(`${webUrl}/api/v1/leaderboard?benchmark=${fresh}-missing@1`);
    expect(missing.status).toBe(404);
    expect(JSON.stringify(await missing.json())).toContain(`${fresh}-missing@1`);
  });
});

describe("an answer read within the second after its data changed", () => {
  it("is tagged with the stamp it was read at, so the new data is served once the second is over", async () => {
    const id = await upload("Labelled model");
    expect(await post(`/api/v1/admin/submissions/${id}/review`, admin.token, { decision: "approve" })).toBe(200);
    const bugTypes = async () => {
      const response = await contractFetch(`${webUrl}/api/v1/bug-types?benchmark=${slug}@1&harness=all`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { stored: { agentConfigurations: number | null } | null };
      return { etag: response.headers.get("etag"), configurations: body.stored?.agentConfigurations ?? 0 };
    };
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const before = await bugTypes();
    expect(before.configurations).toBe(0);

    // Within the second the server does not read the stamp again: it labels the findings and moves the stamp the way
    // an attribution does. The answer may still be the cached one, but then under the stamp it was read at: an ETag
    // naming the new stamp over the old data would keep the old data for as long as that stamp lasts.
    const findings = await db.finding.findMany({ where: { run: { submissionId: id } }, select: { id: true } });
    await db.bugTypeAttribution.createMany({
      data: findings.map((f) => ({
        subjectKind: "finding",
        subjectId: f.id,
        category: "Unhandled degenerate value",
        model: "fake-attribution",
        source: "llm",
      })),
    });
    await db.submission.update({ where: { id }, data: { updatedAt: new Date() } });
    const within = await bugTypes();
    if (within.configurations === 0) expect(within.etag).toBe(before.etag);
    else expect(within.etag).not.toBe(before.etag);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await bugTypes();
    expect(after.configurations).toBe(1);
    expect(after.etag).not.toBe(before.etag);
  });
});
