import { beforeAll, describe, expect, inject, it } from "vitest";
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OfflineJudge } from "../../lib/llm/judge";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { copySubmission } from "../support/fault-harness";
import { db, finding, seedBenchmark } from "../support/fixtures";
import { call, createTestUser, signIn, type TestUser } from "./authz-support";

// The submitter's flow through the API with a browser session, and the admin's review with its audit trail.
const webUrl = inject("webUrl");
let slug: string;
let submitter: TestUser & { cookie: string };
let admin: TestUser & { cookie: string };

beforeAll(async () => {
  slug = await seedBenchmark();
  for (const [role, assign] of [
    ["user", (p: typeof submitter) => (submitter = p)],
    ["admin", (p: typeof admin) => (admin = p)],
  ] as const) {
    const person = await createTestUser(role);
    assign({ ...person, cookie: await signIn(webUrl, person) });
  }
});

async function uploadAndScore(model: string): Promise<string> {
  const created = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { cookie: submitter.cookie },
    {
      benchmark: slug,
      model,
      harness: "review-harness",
      findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline")],
    },
  );
  expect(created.status).toBe(202);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = await call(webUrl, "GET", `/api/v1/submissions/${created.json.id}`, { cookie: submitter.cookie });
    if (status.json.status === "scored") return created.json.id;
    if (status.json.status === "failed" || Date.now() > deadline)
      throw new Error(`scoring ended ${status.json.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("submit, review, publish", () => {
  it("keeps scores private until approval, then publishes; every decision is audit-logged", async () => {
    const id = await uploadAndScore("Review Flow Model");
    const mine = await call(webUrl, "GET", "/api/v1/submissions", { cookie: submitter.cookie });
    const row = mine.json.submissions.find((s: { id: string }) => s.id === id);
    expect(row).toMatchObject({ status: "scored", review_status: "pending" });
    expect(row.scores.recall).toBeCloseTo(0.25);
    expect((await call(webUrl, "GET", `/api/v1/submissions/${id}`)).status).toBe(404);

    // The queue lists the oldest scored first, and other suites leave pending submissions: read every page.
    let queued: { scores: { recall: number } } | undefined;
    for (let page = 1; !queued; page++) {
      const queue = await call(webUrl, "GET", `/api/v1/admin/submissions?per_page=200&page=${page}`, {
        cookie: admin.cookie,
      });
      queued = queue.json.submissions.find((s: { id: string }) => s.id === id);
      if (page >= queue.json.pagination.pages) break;
    }
    expect(queued).toMatchObject({
      model: "Review Flow Model",
      harness: "review-harness",
      submitter: { email: submitter.email },
      offline_judge: false,
    });
    expect(queued!.scores.recall).toBeCloseTo(0.25);

    const noReason = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${id}/review`,
      { cookie: admin.cookie },
      { decision: "reject" },
    );
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["reason"]);

    const rejected = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${id}/review`,
      { cookie: admin.cookie },
      { decision: "reject", reason: "metadata incomplete" },
    );
    expect(rejected.json).toEqual({ id, review_status: "rejected" });
    const seen = await call(webUrl, "GET", "/api/v1/submissions", { token: submitter.token });
    expect(seen.json.submissions.find((s: { id: string }) => s.id === id)).toMatchObject({
      review_status: "rejected",
      review_reason: "metadata incomplete",
    });

    const approved = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${id}/review`,
      { cookie: admin.cookie },
      { decision: "approve", reason: "fixed" },
    );
    expect(approved.json.review_status).toBe("approved");
    const publicView = await call(webUrl, "GET", `/api/v1/submissions/${id}`);
    expect(publicView.status).toBe(200);
    expect(publicView.json.model).toBe("Review Flow Model");

    const log = await call(webUrl, "GET", `/api/v1/admin/audit-log?target=submission:${id}`, { cookie: admin.cookie });
    expect(log.json.entries).toMatchObject([
      {
        action: "submission.approve",
        reason: "fixed",
        actor: { id: admin.id, email: admin.email },
        details: { from: "rejected", to: "approved" },
      },
      {
        action: "submission.reject",
        reason: "metadata incomplete",
        actor: { id: admin.id },
        details: { from: "pending", to: "rejected" },
      },
    ]);
    for (const entry of log.json.entries) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 120_000);
  });

  it("refuses to approve what is not scored, withdrawn, or unknown", async () => {
    const benchmark = await db.benchmark.findFirstOrThrow({ where: { slug } });
    const failed = await db.submission.create({
      data: {
        benchmarkId: benchmark.id,
        submitterId: submitter.id,
        model: "Failed",
        scoringStatus: "failed",
        scoringError: "x",
      },
    });
    const approveFailed = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${failed.id}/review`,
      { cookie: admin.cookie },
      { decision: "approve" },
    );
    expect(approveFailed.status).toBe(409);
    expect(approveFailed.json.error.message).toMatch(/Only a scored submission can be approved/);

    const id = await uploadAndScore("Withdrawn Model");
    expect(
      (await call(webUrl, "POST", `/api/v1/submissions/${id}/withdraw`, { cookie: submitter.cookie }, {})).json,
    ).toEqual({ id, review_status: "withdrawn" });
    expect(
      (
        await call(
          webUrl,
          "POST",
          `/api/v1/admin/submissions/${id}/review`,
          { cookie: admin.cookie },
          { decision: "approve" },
        )
      ).status,
    ).toBe(409);
    expect((await call(webUrl, "GET", `/api/v1/submissions/${id}`)).status).toBe(404);
    expect(
      (
        await call(
          webUrl,
          "POST",
          `/api/v1/admin/submissions/nope/review`,
          { cookie: admin.cookie },
          { decision: "approve" },
        )
      ).status,
    ).toBe(404);
  });

  it("reports a submission withdrawn while being scored as withdrawn; its attempt stores nothing and never resumes", async () => {
    // A copy of a scored upload, claimed the way a worker starts an attempt, and left mid-scoring.
    const id = await copySubmission(await uploadAndScore("Withdrawn Mid-Scoring"));
    await db.submission.update({ where: { id }, data: { submitterId: submitter.id } });
    const claim = (await claimSubmission(id))!;
    const path = `/api/v1/submissions/${id}`;
    expect((await call(webUrl, "GET", path, { cookie: submitter.cookie })).json.status).toBe("scoring");

    expect((await call(webUrl, "POST", `${path}/withdraw`, { cookie: submitter.cookie }, {})).status).toBe(200);
    expect((await call(webUrl, "GET", path, { cookie: submitter.cookie })).json).toMatchObject({
      status: "withdrawn",
      review_status: "withdrawn",
    });
    const mine = await call(webUrl, "GET", "/api/v1/submissions?per_page=200", { cookie: submitter.cookie });
    expect(mine.json.submissions.find((s: { id: string }) => s.id === id).status).toBe("withdrawn");
    const page = await fetch(`${webUrl}/account/submissions/${id}`, { headers: { cookie: submitter.cookie } });
    expect(await page.text()).toContain('data-status="withdrawn"');

    // The attempt that was running loses its claim at its next write; a job queued again finds nothing to claim.
    await expect(
      scoreSubmission(claim, {
        judge: new OfflineJudge(),
        embedder: new OfflineEmbeddingProvider(),
        concurrency: 2,
        budget: 1_000_000,
        malformedRetries: 0,
      }),
    ).rejects.toThrow(/claimed by a later attempt/);
    expect(await claimSubmission(id)).toBeNull();
    const row = await db.submission.findUniqueOrThrow({
      where: { id },
      select: { scoringStatus: true, scoredAt: true },
    });
    expect(row).toEqual({ scoringStatus: "withdrawn", scoredAt: null });
    expect(await db.score.count({ where: { submissionId: id } })).toBe(0);
  });
});

describe("user and role management", () => {
  it("changes roles with a reason, and keeps admins from demoting or disabling themselves", async () => {
    const user = await createTestUser("user");
    const cookie = await signIn(webUrl, user);
    expect(
      (
        await call(
          webUrl,
          "GET",
          `/api/v1/submissions/${(await db.submission.findFirstOrThrow({ where: { submitterId: submitter.id, reviewStatus: "pending" } })).id}`,
          { cookie },
        )
      ).status,
    ).toBe(404);
    const noReason = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${user.id}`,
      { cookie: admin.cookie },
      { role: "maintainer" },
    );
    expect(noReason.status).toBe(422);
    const promote = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${user.id}`,
      { cookie: admin.cookie },
      { role: "maintainer", reason: "joins the benchmark team" },
    );
    expect(promote.json).toMatchObject({ role: "maintainer", changes: ["user.role"] });
    // The role is read from the database on every request: the existing session sees it at once.
    const pending = await db.submission.findFirstOrThrow({
      where: { submitterId: submitter.id, reviewStatus: "pending" },
    });
    expect((await call(webUrl, "GET", `/api/v1/submissions/${pending.id}`, { cookie })).status).toBe(200);

    const self = await call(
      webUrl,
      "PATCH",
      `/api/v1/admin/users/${admin.id}`,
      { cookie: admin.cookie },
      { role: "user", reason: "oops" },
    );
    expect(self.status).toBe(409);
    expect(
      (
        await call(
          webUrl,
          "PATCH",
          `/api/v1/admin/users/${admin.id}`,
          { cookie: admin.cookie },
          { disabled: true, reason: "oops" },
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await call(
          webUrl,
          "PATCH",
          `/api/v1/admin/users/does-not-exist`,
          { cookie: admin.cookie },
          { role: "user", reason: "x" },
        )
      ).status,
    ).toBe(404);

    const log = await call(webUrl, "GET", `/api/v1/admin/audit-log?action=user.role&target=user:${user.id}`, {
      cookie: admin.cookie,
    });
    expect(log.json.entries).toHaveLength(1);
    expect(log.json.entries[0]).toMatchObject({
      actor: { email: admin.email },
      reason: "joins the benchmark team",
      details: { from: "user", to: "maintainer" },
    });
  });
});
