// Panel validation and bug-type attribution (docs/panel-and-attribution.md) against real Postgres, Redis and worker processes; only the LLM
// is the local fake (tests/support/fake-panel-attribution.ts decides verdicts and categories from the report text). The API
// part uses the shared stack; the fault part runs its own workers on a private Redis with an endpoint answering
// 429/500 and malformed JSON at random, kills a worker mid-queue, and checks that a rerun writes the same rows.

import { contractFetch } from "../support/api-contract";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { StructuredClient } from "../../lib/llm/structured-client";
import { validityCounts } from "../../lib/panel/verdicts";
import { PANEL_QUEUE } from "../../lib/queue/panel-attribution-queues";
import { SCORING_QUEUE } from "../../lib/queue/scoring-queue";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { attributeBugs } from "../../worker/features/attribution/attribute-bugs";
import { claimPanelAttribution } from "../../worker/shared/claim-panel-attribution";
import { runPanel } from "../../worker/features/panel/run-panel";
import { ensurePanelContext } from "../../worker/features/panel/panel-context";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { fakeFinalVerdict } from "../support/fake-panel-attribution";
import { startFakeOpenAi } from "../support/fake-openai";
import {
  freePort,
  PrivateRedis,
  seedRepeatedRunSubmission,
  startWorker,
  stopProcess,
  waitFor,
} from "../support/fault-harness";
import { db, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { approveSubmission, call, createTestUser, type TestUser } from "./authz-support";

const webUrl = inject("webUrl");
const JUDGES = ["fake-panel-a", "fake-panel-b"];
const TIER2 = "fake-panel-tier2";
const TAXONOMY = {
  families: [
    {
      name: "Incomplete input handling",
      categories: [
        { name: "Unhandled degenerate value", definition: "zero, empty, missing" },
        { name: "Missing rejection of invalid input", definition: "invalid input flows on" },
      ],
    },
    {
      name: "Local logic errors",
      categories: [{ name: "Wrong arithmetic or comparison expression", definition: "wrong operator or bound" }],
    },
  ],
  triggers: [
    { level: 1, name: "any input" },
    { level: 2, name: "a particular input" },
  ],
};

/** Every final verdict of a panel must be the one the fake's rule gives for the finding's text. */
async function expectVerdictsFollowTheRule(panelRunId: string) {
  const samples = await db.panelSample.findMany({ where: { panelRunId }, include: { finding: true } });
  expect(samples.length).toBeGreaterThan(0);
  for (const s of samples) {
    const expected = fakeFinalVerdict(JUDGES, TIER2, s.finding.title, s.finding.description);
    expect({ id: s.opaqueId, verdict: s.verdict, reason: s.reason }).toEqual({
      id: s.opaqueId,
      verdict: expected.verdict,
      reason: expected.reason,
    });
    // No sandbox: a confirmation is capped at low confidence.
    if (s.verdict === "confirmed") expect(s.confidence).toBe("low");
  }
  return samples;
}

async function panelRows(panelRunId: string) {
  const samples = await db.panelSample.findMany({ where: { panelRunId }, orderBy: { findingId: "asc" } });
  const reviews = await db.panelReview.findMany({
    where: { panelRunId },
    orderBy: [{ findingId: "asc" }, { tier: "asc" }, { judge: "asc" }],
  });
  return { samples, reviews: reviews.map(({ createdAt: _c, ...r }) => r) };
}

describe("panel and attribution through the API", () => {
  let admin: TestUser;
  let maintainer: TestUser;
  let submitter: TestUser;
  let slug: string;
  let id: string;

  beforeAll(async () => {
    slug = uniqueSlug("panel");
    const file = smallBenchmark(slug);
    await importBenchmark(benchmarkFileSchema.parse({ ...file, taxonomy: TAXONOMY }));
    [admin, maintainer, submitter] = [
      await createTestUser("admin"),
      await createTestUser("maintainer"),
      await createTestUser("user"),
    ];
    const findings = [
      ["P1", "parser/lexer.py", 40, 48, "Lexer drops the last token [panel:confirmed]"],
      ["X1", "parser/lexer.py", 90, 95, "Lexer accepts tabs [panel:rejected:intentional]"],
      ["X2", "parser/ast.py", 10, 12, "Unused variable in parse_unary [panel:rejected:style-only]"],
      ["X3", "parser/ast.py", 30, 33, "Parser may recurse deeply [panel:split]"],
      ["X4", "parser/errors.py", 1, 3, "Odd message [panel:abstained]"],
      ["X5", "parser/errors.py", 20, 25, "Error column off by one on CRLF input [panel:confirmed]"],
    ].map(([root, file, start, end, title], i) => ({
      repo: "acme/parser",
      file,
      line_start: start,
      line_end: end,
      title: `${title} [root:${root}]`,
      description: `The agent reports: ${title}. [root:${root}]`,
      code_snippet: "call(x)",
      severity: "high",
      // Two findings bring their own category (self-reported); the rest are attributed.
      ...(i < 2 ? { category: i === 0 ? "Unhandled degenerate value" : "Some category of my own" } : {}),
    }));
    const created = await call(
      webUrl,
      "POST",
      "/api/v1/submissions",
      { token: submitter.token },
      { benchmark: slug, model: `Panel agent ${slug}`, harness: "probe-passes", findings },
    );
    expect(created.status).toBe(202);
    id = created.json.id;
    expect((await waitForStatus(webUrl, id, submitter.token)).status).toBe("scored");
  });

  it("refuses bad requests with messages naming the problem", async () => {
    const bad = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${id}/panel`,
      { token: admin.token },
      { sample_size: 0, extra: 1 },
    );
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["(root)", "sample_size"].sort());
    expect(
      (
        await call(
          webUrl,
          "POST",
          "/api/v1/admin/submissions/ckunknownid0000000000000/panel",
          { token: admin.token },
          {},
        )
      ).status,
    ).toBe(404);
    const queued = await db.submission.create({
      data: {
        benchmarkId: (await db.benchmark.findFirstOrThrow({ where: { slug } })).id,
        model: "Not scored",
        scoringStatus: "failed",
      },
    });
    const conflict = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${queued.id}/panel`,
      { token: admin.token },
      {},
    );
    expect(conflict.status).toBe(409);
    expect(conflict.json.error.message).toContain("scored");
  });

  it("an admin starts the panel; the submission then reports validity with its interval, by match and by reason", async () => {
    const started = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${id}/panel`,
      { token: admin.token },
      { sample_size: 100, seed: "itest" },
    );
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({
      status: "queued",
      sample_size: 100,
      seed: "itest",
      judges: JUDGES,
      tier2_judge: TIER2,
    });
    const body = await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/submissions/${id}`, { token: submitter.token })).json,
      (b) => b.panel?.status === "done" || b.panel?.status === "failed",
      90_000,
      "the panel to finish",
    );
    const panel = body.panel;
    expect(Object.keys(panel).sort()).toEqual([
      "abstained",
      "by_reason",
      "confirmed",
      "confirmed_reasoning_only",
      "confirmed_with_poc",
      "cost_usd",
      "judged_text_only",
      "matched",
      "rejected",
      "sampled",
      "spent_usd",
      "status",
      "unmatched",
      "validity",
      "validity_interval",
    ]);
    // Six findings: confirmed x2, rejected (intentional, style-only), abstained, and a split the tier 2 judge settles.
    const split = fakeFinalVerdict(
      JUDGES,
      TIER2,
      "Parser may recurse deeply [panel:split] [root:X3]",
      "The agent reports: Parser may recurse deeply [panel:split]. [root:X3]",
    );
    const confirmed = 2 + (split.verdict === "confirmed" ? 1 : 0);
    const rejected = 2 + (split.verdict === "rejected" ? 1 : 0);
    const expected = validityCounts(confirmed, rejected, 1, 6);
    expect(panel).toMatchObject({
      status: "done",
      sampled: 6,
      confirmed,
      rejected,
      abstained: 1,
      validity: expected.validity,
    });
    // No snapshot of acme/parser here: every finding judged from its text, every confirmation on reasoning only.
    expect(panel).toMatchObject({ judged_text_only: 6, confirmed_with_poc: 0, confirmed_reasoning_only: confirmed });
    expect(panel.validity_interval).toEqual(expected.validity_interval);
    expect(panel.matched).toMatchObject({ sampled: 1, confirmed: 1, rejected: 0 });
    expect(panel.unmatched.sampled).toBe(5);
    expect(panel.by_reason).toEqual(
      split.verdict === "rejected"
        ? {
            intentional: 1 + (split.reason === "intentional" ? 1 : 0),
            "style-only": 1,
            ...(split.reason !== "intentional" ? { [split.reason!]: 1 } : {}),
          }
        : { intentional: 1, "style-only": 1 },
    );
    expect(panel.cost_usd).toBeGreaterThan(0);
    // What was paid covers at least the stored verdicts (no fault here, so only context documents come on top).
    // (Sums of float costs in another order: equal up to rounding.)
    expect(panel.spent_usd).toBeGreaterThanOrEqual(panel.cost_usd - 1e-9);
    expect(body.panel_job).toMatchObject({
      status: "done",
      progress: 100,
      runs: "first",
      confidence_cap: "low",
    });
    expect(body.panel_job.spent_calls).toBeGreaterThanOrEqual(body.panel_job.judge_calls);
    // The seed is not public (opaque ids are keyed by the server, docs/security.md).
    expect(body.panel_job).not.toHaveProperty("seed");
    // The panel context document of the repository was written once (no snapshot: it says so).
    const context = await db.contextDocument.findFirstOrThrow({
      where: { kind: "panel", repository: { benchmark: { slug }, name: "acme/parser" } },
    });
    expect(context.text).toContain("without a snapshot");
  });

  it("maintainers read each sampled finding's verdicts and rationales; the submitter cannot", async () => {
    const list = await call(webUrl, "GET", `/api/v1/submissions/${id}/panel?per_page=2`, { token: maintainer.token });
    expect(list.status).toBe(200);
    expect(list.json.pagination).toMatchObject({ page: 1, per_page: 2, total: 6, pages: 3 });
    const first = list.json.findings[0];
    expect(first.opaque_id).toMatch(/^F-/);
    expect(first.reviews.length).toBeGreaterThanOrEqual(2);
    expect(first.reviews[0].rationale).toContain("fake panel");
    const rejectedOnly = await call(webUrl, "GET", `/api/v1/submissions/${id}/panel?verdict=rejected`, {
      token: maintainer.token,
    });
    expect(rejectedOnly.json.findings.every((f: { verdict: string }) => f.verdict === "rejected")).toBe(true);
    expect((await call(webUrl, "GET", `/api/v1/submissions/${id}/panel`, { token: submitter.token })).status).toBe(403);
    expect(
      (await call(webUrl, "GET", `/api/v1/submissions/${id}/panel?page=0`, { token: maintainer.token })).status,
    ).toBe(422);
  });

  it("an admin starts attribution; every finding is classified, self-reported categories are kept as the submitter's label", async () => {
    const started = await call(
      webUrl,
      "POST",
      `/api/v1/admin/submissions/${id}/attribution`,
      { token: admin.token },
      {},
    );
    expect(started.status).toBe(202);
    const body = await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/submissions/${id}`, { token: submitter.token })).json,
      (b) => b.attribution?.status === "done" || b.attribution?.status === "failed",
      90_000,
      "attribution to finish",
    );
    // The findings only: the version's reference bugs are labelled by their own job (reference-attribution.test.ts).
    expect(body.attribution).toMatchObject({
      status: "done",
      subjects: 6,
      self_reported: 2,
      model: "fake-attribution",
    });
    const findings = await db.finding.findMany({ where: { run: { submissionId: id } }, orderBy: { ordinal: "asc" } });
    const rows = await db.bugTypeAttribution.findMany({
      where: { subjectKind: "finding", subjectId: { in: findings.map((f) => f.id) } },
    });
    // F.7.3: the one classifier labels all six; the two self-reported labels are kept beside, as the submitter's.
    expect(rows.filter((r) => r.source === "llm")).toHaveLength(6);
    expect(
      rows
        .filter((r) => r.source === "self_reported")
        .map((r) => r.category)
        .sort(),
    ).toEqual(["Some category of my own", "Unhandled degenerate value"]);
    expect(rows.find((r) => r.subjectId === findings[1]!.id && r.source === "self_reported")).toMatchObject({
      category: "Some category of my own",
      family: null,
    });
    expect(
      rows
        .filter((r) => r.source === "llm")
        .every((r) => TAXONOMY.families.some((f) => f.categories.some((c) => c.name === r.category))),
    ).toBe(true);
  });

  it("once approved, the leaderboard shows the panel's validity with its interval and bug types use the attribution", async () => {
    expect(await approveSubmission(webUrl, id, admin.token)).toBe(200);
    const submission = (await call(webUrl, "GET", `/api/v1/submissions/${id}`, { token: submitter.token })).json;
    const board = await waitFor(
      async () => (await call(webUrl, "GET", `/api/v1/leaderboard?benchmark=${slug}@1`)).json,
      (b) => b.rows?.some((r: { id: string }) => r.id === id),
      30_000,
      "the approved entry on the leaderboard",
    );
    const row = board.rows.find((r: { id: string }) => r.id === id);
    expect(row.panel_validity).toBe(submission.panel.validity);
    expect(row.panel_validity_ci).toEqual(submission.panel.validity_interval);
    const types = (await call(webUrl, "GET", `/api/v1/bug-types?benchmark=${slug}@1`)).json;
    // The full-harness pool: this configuration's first run, six findings, all attributed by the LLM; the two
    // self-reported labels are counted as carried, never as categories.
    expect(types.stored.pool).toMatchObject({ harness: "probe-passes", source: "all" });
    expect(types.stored.pool.description).toContain("first run of 1 public verified configuration");
    expect(types.stored.notes).toContain("6 of 6 pooled findings labelled by fake-attribution");
    expect(types.stored.notes).toContain("2 carried a self-reported category");
    expect(types.stored.categories.find((c: { name: string }) => c.name === "Some category of my own")).toBeUndefined();
    // Agent shares are exactly the LLM's labels of the six findings, whatever the submitter said.
    const findings = await db.finding.findMany({ where: { run: { submissionId: id } }, select: { id: true } });
    const llm = await db.bugTypeAttribution.findMany({
      where: { subjectKind: "finding", subjectId: { in: findings.map((f) => f.id) }, source: "llm" },
    });
    for (const c of types.stored.categories as { name: string; agentShare: number | null }[]) {
      expect(c.agentShare ?? 0).toBeCloseTo(llm.filter((r) => r.category === c.name).length / 6, 9);
    }
    // Table 21: level 0 is out of the denominators (the levels sum to 100%) and reported as a count.
    const zero = llm.filter((r) => r.triggerLevel === 0).length;
    expect(types.stored.insufficientTriggers.agents).toBe(zero);
    expect(types.stored.triggers.some((t: { name: string }) => t.name === "Insufficient information")).toBe(false);
    if (zero < 6) {
      const shares = (types.stored.triggers as { agentShare: number | null }[]).reduce(
        (sum, t) => sum + (t.agentShare ?? 0),
        0,
      );
      expect(shares).toBeCloseTo(1, 9);
      for (const level of [1, 2]) {
        const t = (types.stored.triggers as { level: number; agentShare: number | null }[]).find(
          (x) => x.level === level,
        );
        expect(t?.agentShare ?? 0).toBeCloseTo(llm.filter((r) => r.triggerLevel === level).length / (6 - zero), 9);
      }
    }
    // A harness or labeller that names nothing here is refused, naming the field (each would be cached apart).
    const vanilla = await call(webUrl, "GET", `/api/v1/bug-types?benchmark=${slug}@1&harness=vanilla`);
    expect(vanilla.status).toBe(422);
    expect(vanilla.json.error.issues[0]).toMatchObject({ path: "harness" });
    expect(vanilla.json.error.issues[0].message).toContain("probe-passes");
    const labeller = await call(webUrl, "GET", `/api/v1/bug-types?benchmark=${slug}@1&labeller=nobody~0~0`);
    expect(labeller.status).toBe(422);
    expect(labeller.json.error.issues[0]).toMatchObject({ path: "labeller" });
    expect((await call(webUrl, "GET", `/api/v1/bug-types?benchmark=${slug}@1&source=elsewhere`)).status).toBe(422);
    const csv = await contractFetch(`${webUrl}/api/v1/bug-types?benchmark=${slug}@1&format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[0]).toBe(
      "source,kind,name,family,level,human_n,human_share,agent_share,agent_min,agent_max,agent_mean_n,gap,ratio,agent_labeller,reference_labeller",
    );
  });

  it("refuses to start a second panel while one runs", async () => {
    await db.panelRun.update({ where: { submissionId: id }, data: { status: "running" } });
    const again = await call(webUrl, "POST", `/api/v1/admin/submissions/${id}/panel`, { token: admin.token }, {});
    expect(again.status).toBe(409);
    await db.panelRun.update({ where: { submissionId: id }, data: { status: "done" } });
  });
});

describe("panel context documents", () => {
  it("are written once per snapshot from its files, and a maintainer's edit is kept", async () => {
    const slug = await (async () => {
      const s = uniqueSlug("context");
      await importBenchmark(smallBenchmark(s));
      return s;
    })();
    const dir = mkdtempSync(path.join(tmpdir(), "probebench-context-"));
    mkdirSync(path.join(dir, "parser"));
    writeFileSync(
      path.join(dir, "README.md"),
      "# parser\nA small SQL parser. Lenient about trailing semicolons on purpose.\n",
    );
    writeFileSync(path.join(dir, "parser", "lexer.py"), "def next_token(buf):\n    return buf[0]\n");
    const imported = await importSnapshot({ benchmark: `${slug}@1`, repo: "acme/parser", source: dir });
    const repository = await db.repository.findFirstOrThrow({ where: { benchmark: { slug }, name: "acme/parser" } });
    const client = new StructuredClient({
      apiKey: "test-key",
      baseURL: inject("fakeOpenAiUrl"),
      timeoutMs: 5_000,
      maxRetries: 3,
      malformedRetries: 2,
    });
    const first = await ensurePanelContext(repository.id, client, "fake-context");
    expect(first.text).toContain("Public API: the modules of acme/parser");
    expect(first.text).not.toContain("without a snapshot");
    const stored = await db.contextDocument.findUniqueOrThrow({
      where: { repositoryId_kind: { repositoryId: repository.id, kind: "panel" } },
    });
    expect(stored).toMatchObject({
      snapshotSha: imported.sha256,
      model: "fake-context",
      promptVersion: "panel-context@1",
    });
    expect(client.stats.calls).toBe(1);
    // Cached per snapshot: no second call.
    expect((await ensurePanelContext(repository.id, client, "fake-context")).text).toBe(first.text);
    expect(client.stats.calls).toBe(1);
    await db.contextDocument.update({
      where: { id: stored.id },
      data: { text: "Edited by a maintainer.", editedAt: new Date(), snapshotSha: null },
    });
    expect((await ensurePanelContext(repository.id, client, "fake-context")).text).toBe("Edited by a maintainer.");
    expect(client.stats.calls).toBe(1);
  });
});

describe("panel and attribution queues through faults", () => {
  let redis: PrivateRedis;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  const workers: ChildProcess[] = [];
  let workerEnv: Record<string, string>;
  const queues: { queue: Queue; connection: Redis }[] = [];
  const queue = (name: string) => {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const q = new Queue(name, {
      connection,
      defaultJobOptions: { attempts: 6, backoff: { type: "fixed", delay: 300 } },
    });
    queues.push({ queue: q, connection });
    return q;
  };
  let submissionId: string;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    fake = await startFakeOpenAi();
    workerEnv = {
      REDIS_URL: redis.url,
      OPENAI_BASE_URL: fake.url,
      JUDGE_MAX_RETRIES: "8",
      JUDGE_MALFORMED_RETRIES: "6",
      WORKER_LOCK_MS: "2000",
      WORKER_MAX_STALLED: "50",
      PANEL_CONCURRENCY: "2",
      ATTRIBUTION_CONCURRENCY: "2",
      ATTRIBUTION_AFTER_SCORING: "true",
    };
    submissionId = await seedRepeatedRunSubmission(randomUUID().slice(0, 8));
    const { benchmarkId } = await db.submission.findUniqueOrThrow({ where: { id: submissionId } });
    await db.benchmark.update({ where: { id: benchmarkId }, data: { taxonomy: TAXONOMY } });
  });

  afterAll(async () => {
    for (const w of workers) await stopProcess(w, "SIGKILL");
    for (const q of queues) {
      await q.queue.close();
      q.connection.disconnect();
    }
    await fake?.close();
    await redis?.stop().catch(() => undefined);
  });

  function worker(): ChildProcess {
    const child = startWorker(workerEnv);
    workers.push(child);
    return child;
  }
  const client = () =>
    new StructuredClient({
      apiKey: "test-key",
      baseURL: fake.url,
      timeoutMs: 5_000,
      maxRetries: 8,
      malformedRetries: 6,
    });

  it("attribution follows scoring, survives 429/500/malformed replies and a killed worker; a rerun writes the same rows", async () => {
    Object.assign(fake.control, { failRate: 0.2, malformedRate: 0.05, latencyMs: 60 });
    const servedBefore = fake.stats.chatCalls;
    const first = worker();
    await queue(SCORING_QUEUE).add("score-submission", { submissionId }, { jobId: submissionId });
    const progress = async () => (await db.attributionRun.findUnique({ where: { submissionId } }))?.progress ?? -1;
    await waitFor(progress, (p) => p >= 20, 240_000, "attribution queued after scoring to get going");
    await stopProcess(first, "SIGKILL");
    worker();
    const run = await waitFor(
      () => db.attributionRun.findUniqueOrThrow({ where: { submissionId } }),
      (r) => r.status === "done" || r.status === "failed",
      240_000,
      "attribution to finish",
    );
    Object.assign(fake.control, { failRate: 0, malformedRate: 0, latencyMs: 0 });
    expect(run).toMatchObject({ status: "done", error: null });
    expect(run.retries + run.malformedReplies).toBeGreaterThan(0);

    // The findings' labels (the reference bugs are labelled by a job of their own).
    const findings = await db.finding.findMany({ where: { run: { submissionId } }, select: { id: true } });
    const subjectIds = findings.map((s) => s.id);
    const rows = async () =>
      (
        await db.bugTypeAttribution.findMany({
          where: { subjectId: { in: subjectIds } },
          orderBy: { subjectId: "asc" },
        })
      ).map(({ createdAt: _c, ...r }) => r);
    const before = await rows();
    // One row per subject: nothing duplicated by the killed attempt or by retries.
    expect(before).toHaveLength(subjectIds.length);
    expect(run.total).toBe(subjectIds.length);
    // Spend is counted as each reply arrives: every stored answer (its tokens sit on its first subject) and every
    // malformed reply of the last attempt, plus whatever the killed attempt was answered; never more than the
    // endpoint answered.
    const answers = before.filter((r) => r.source === "llm" && r.inputTokens > 0).length;
    expect(answers).toBeGreaterThan(0);
    expect(run.judgeCalls).toBeGreaterThanOrEqual(answers + run.malformedReplies);
    expect(run.judgeCalls).toBeLessThanOrEqual(fake.stats.chatCalls - servedBefore);
    expect(run.costUsd).toBeGreaterThan(0);

    await db.attributionRun.update({ where: { id: run.id }, data: { status: "queued" } });
    const rerun = await attributeBugs((await claimPanelAttribution("attribution", run.id))!, {
      client: client(),
      model: run.model,
      concurrency: 4,
    });
    expect(rerun.asked).toBe(0);
    expect(await rows()).toEqual(before);
  }, 600_000);

  it("a worker configured with one tier 1 judge refuses the panel and says what is missing", async () => {
    // Only the misconfigured worker may take the job.
    for (const w of workers.splice(0)) await stopProcess(w, "SIGKILL");
    const run = await db.panelRun.create({
      data: { submissionId, seed: "one-judge", sampleSize: 8, judges: ["fake-panel-a"], tier2Judge: TIER2 },
    });
    const lone = startWorker({ ...workerEnv, PANEL_JUDGE_MODELS: "fake-panel-a" });
    workers.push(lone);
    await queue(PANEL_QUEUE).add("validate-findings", { runId: run.id }, { jobId: `${run.id}-1` });
    const failed = await waitFor(
      () => db.panelRun.findUniqueOrThrow({ where: { id: run.id } }),
      (r) => r.status === "done" || r.status === "failed",
      120_000,
      "the one-judge panel to be refused",
    );
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain(
      "exactly two distinct tier 1 judges in PANEL_JUDGE_MODELS; it has only one distinct model (fake-panel-a)",
    );
    expect(await db.panelReview.count({ where: { panelRunId: run.id } })).toBe(0);
    await stopProcess(lone, "SIGKILL");
    await db.panelRun.delete({ where: { id: run.id } });
  }, 300_000);

  it("the panel survives 429/500/malformed replies and a killed worker mid-queue; a rerun writes the same rows", async () => {
    const run = await db.panelRun.create({
      data: { submissionId, seed: "faults", sampleSize: 8, judges: JUDGES, tier2Judge: TIER2 },
    });
    Object.assign(fake.control, { failRate: 0.2, malformedRate: 0.05, latencyMs: 60 });
    const servedBefore = fake.stats.chatCalls;
    const current = worker();
    await queue(PANEL_QUEUE).add("validate-findings", { runId: run.id }, { jobId: `${run.id}-1` });
    const progress = async () => (await db.panelRun.findUniqueOrThrow({ where: { id: run.id } })).progress;
    await waitFor(progress, (p) => p >= 30, 240_000, "the panel to get going");
    await stopProcess(current, "SIGKILL");
    worker();
    const done = await waitFor(
      () => db.panelRun.findUniqueOrThrow({ where: { id: run.id } }),
      (r) => r.status === "done" || r.status === "failed",
      240_000,
      "the panel to finish",
    );
    Object.assign(fake.control, { failRate: 0, malformedRate: 0, latencyMs: 0 });
    expect(done).toMatchObject({ status: "done", error: null, sampled: 8 });

    const samples = await expectVerdictsFollowTheRule(run.id);
    expect(samples).toHaveLength(8);
    // Table 14: of the three runs, only the first is sampled.
    expect(new Set(samples.map((s) => s.runIndex))).toEqual(new Set([0]));
    const before = await panelRows(run.id);
    const splits = samples.filter((s) => {
      const a = before.reviews.filter((r) => r.findingId === s.findingId && r.tier === 1);
      return a[0]!.verdict !== a[1]!.verdict;
    }).length;
    expect(before.reviews).toHaveLength(8 * 2 + splits);
    expect(done.judgeCalls).toBe(before.reviews.length);
    // What was paid: every stored review, every malformed reply of the last attempt, and the killed attempt's answered
    // calls; never more than the endpoint answered.
    expect(done.spentCalls).toBeGreaterThanOrEqual(done.judgeCalls + done.malformedReplies);
    expect(done.spentCalls).toBeLessThanOrEqual(fake.stats.chatCalls - servedBefore);
    expect(done.spentUsd).toBeGreaterThanOrEqual(done.costUsd - 1e-9);

    await db.panelRun.update({ where: { id: run.id }, data: { status: "queued" } });
    const rerun = await runPanel((await claimPanelAttribution("panel", run.id))!, {
      client: client(),
      config: { judges: JUDGES, tier2Judge: TIER2, contextModel: "fake-context" },
      concurrency: 4,
    });
    expect(rerun.asked).toBe(0);
    expect(await panelRows(run.id)).toEqual(before);
  }, 600_000);
});
