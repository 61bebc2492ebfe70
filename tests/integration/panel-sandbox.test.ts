// Panel judges with a proof of concept (PANEL_SANDBOX=on, docs/panel-and-attribution.md; the in-house runs' sandbox): a worker of its
// own on a private Redis runs the panel with the sandbox on, so each judge of a finding in a repository with an
// imported snapshot works under bubblewrap (SANDBOX=process) with the agent loop's tools; the fake model
// (tests/support/fake-panel-sandbox.ts) runs a command there and then submits its verdict. Real Postgres, Redis,
// worker and sandbox; only the LLM is the local fake. The same panel with the sandbox off is capped as before.

import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { StructuredClient } from "../../lib/llm/structured-client";
import { pocRecordSchema } from "../../lib/agent/sandbox-judge";
import { PANEL_QUEUE } from "../../lib/queue/panel-attribution-queues";
import { ProcessSandboxProvider } from "../../lib/sandbox/process-sandbox";
import { importBenchmark } from "../../lib/server/benchmarks/import-benchmark";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";
import { benchmarkFileSchema } from "../../lib/validation/benchmark-file";
import { claimPanelAttribution } from "../../worker/shared/claim-panel-attribution";
import { isPanelSandbox, panelSandboxIsOrphan, panelWorkDir } from "../../worker/features/panel/panel-sandbox";
import { runPanel } from "../../worker/features/panel/run-panel";
import { freePort, PrivateRedis, startWorker, stopProcess, waitFor } from "../support/fault-harness";
import { db, smallBenchmark, uniqueSlug, waitForStatus } from "../support/fixtures";
import { call, createTestUser } from "./authz-support";

const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
const JUDGES = ["fake-panel-a", "fake-panel-b"];
const TIER2 = "fake-panel-tier2";
const config = { judges: JUDGES, tier2Judge: TIER2, contextModel: "fake-context" };
const LIMITS = { maxTurns: 3, maxTokens: 200_000, wallMs: 120_000 };

describe("panel judges in a sandbox of the snapshot", () => {
  let redis: PrivateRedis;
  let worker: ChildProcess | undefined;
  let queue: Queue;
  let connection: Redis;
  let submissionId: string;

  beforeAll(async () => {
    const slug = uniqueSlug("panelpoc");
    await importBenchmark(benchmarkFileSchema.parse(smallBenchmark(slug)));
    // acme/parser has a snapshot; acme/ui has none (its judges work as without a sandbox).
    const dir = mkdtempSync(path.join(tmpdir(), "panelpoc-snapshot-"));
    mkdirSync(path.join(dir, "parser"));
    writeFileSync(path.join(dir, "README.md"), "# parser\nA small SQL parser.\n");
    writeFileSync(path.join(dir, "parser", "lexer.py"), "def next_token(buf):\n    return buf[0]\n");
    writeFileSync(path.join(dir, "parser", "errors.py"), "def column(pos):\n    return pos\n");
    await importSnapshot({ benchmark: `${slug}@1`, repo: "acme/parser", source: dir });

    const submitter = await createTestUser("user");
    const findings = [
      ["acme/parser", "parser/lexer.py", "Lexer drops the last token [panel:confirmed]"],
      ["acme/parser", "parser/errors.py", "Error column off by one [panel:confirmed] [poc:none]"],
      ["acme/parser", "parser/lexer.py", "Lexer accepts tabs [panel:rejected:intentional]"],
      ["acme/parser", "parser/errors.py", "Judge never decides [panel:confirmed] [poc:stall]"],
      ["acme/ui", "src/render.ts", "Tooltip leaks on unmount [panel:confirmed]"],
    ].map(([repo, file, title]) => ({
      repo,
      file,
      line_start: 1,
      line_end: 2,
      title,
      description: `The agent reports: ${title}.`,
      code_snippet: "x",
      severity: "high",
    }));
    const created = await call(
      webUrl,
      "POST",
      "/api/v1/submissions",
      { token: submitter.token },
      { benchmark: slug, model: `PoC agent ${slug}`, findings },
    );
    expect(created.status).toBe(202);
    submissionId = created.json.id;
    expect((await waitForStatus(webUrl, submissionId, submitter.token)).status).toBe("scored");

    redis = new PrivateRedis(await freePort());
    await redis.start();
    connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    queue = new Queue(PANEL_QUEUE, {
      connection,
      defaultJobOptions: { attempts: 2, backoff: { type: "fixed", delay: 300 } },
    });
    worker = startWorker({
      REDIS_URL: redis.url,
      PANEL_SANDBOX: "on",
      PANEL_SANDBOX_MAX_TURNS: String(LIMITS.maxTurns),
      PANEL_SANDBOX_MAX_TOKENS: String(LIMITS.maxTokens),
      PANEL_SANDBOX_WALL_SECONDS: String(LIMITS.wallMs / 1000),
      PANEL_CONCURRENCY: "2",
    });
  }, 300_000);

  afterAll(async () => {
    if (worker) await stopProcess(worker, "SIGKILL");
    await queue?.close();
    connection?.disconnect();
    await redis?.stop().catch(() => undefined);
  });

  const reviewsOf = async (panelRunId: string) => {
    const reviews = await db.panelReview.findMany({
      where: { panelRunId },
      include: { finding: { select: { title: true } } },
      orderBy: [{ findingId: "asc" }, { tier: "asc" }, { judge: "asc" }],
    });
    return reviews.map(({ createdAt: _c, finding, ...r }) => ({ ...r, title: finding.title }));
  };

  it("a judge that ran a proof of concept keeps its confidence; one that did not, or had no snapshot, is capped; reruns reuse", async () => {
    const run = await db.panelRun.create({
      data: { submissionId, seed: "poc", sampleSize: 100, judges: JUDGES, tier2Judge: TIER2 },
    });
    const started = Date.now();
    await queue.add("validate-findings", { runId: run.id }, { jobId: `${run.id}-1` });
    const done = await waitFor(
      () => db.panelRun.findUniqueOrThrow({ where: { id: run.id } }),
      (r) => r.status === "done" || r.status === "failed",
      240_000,
      "the sandboxed panel to finish",
    );
    console.log(`sandboxed panel: ${done.judgeCalls} reviews in ${Date.now() - started} ms`);
    expect(done).toMatchObject({
      status: "done",
      error: null,
      sampled: 5,
      promptVersion: "panel-judge@3+panel-judge-sandbox@3",
    });

    const reviews = await reviewsOf(run.id);
    const of = (marker: string) => reviews.filter((r) => r.title.includes(marker));
    const byTitle = async (marker: string) =>
      (await db.panelSample.findMany({ where: { panelRunId: run.id }, include: { finding: true } })).find((s) =>
        s.finding.title.includes(marker),
      )!;

    // Ran a command: confirmed at the judge's own (high) confidence, with the command and its output recorded.
    const proven = of("Lexer drops");
    expect(proven).toHaveLength(2);
    for (const r of proven) {
      expect(r).toMatchObject({ verdict: "confirmed", confidence: "high", sandboxed: true, pocRan: true });
      expect(r.rationale).toContain("(sandboxed)");
      const poc = pocRecordSchema.parse(r.poc);
      expect(poc.turns).toBe(2);
      expect(poc.commands).toEqual([
        {
          command: "head -n 3 ./parser/lexer.py && echo POC-OK",
          exit_code: 0,
          timed_out: false,
          out_of_memory: false,
          output: "def next_token(buf):\n    return buf[0]\nPOC-OK\n",
        },
      ]);
      expect(r.inputTokens).toBeGreaterThan(0);
      expect(r.outputTokens).toBe(80);
      expect(r.costUsd).toBeGreaterThan(0);
    }
    expect(await byTitle("Lexer drops")).toMatchObject({ verdict: "confirmed", confidence: "high" });

    // Sandboxed but only listed a directory: capped.
    for (const r of of("[poc:none]"))
      expect(r).toMatchObject({
        verdict: "confirmed",
        confidence: "low",
        sandboxed: true,
        pocRan: false,
        poc: { commands: [] },
      });
    expect(await byTitle("[poc:none]")).toMatchObject({ verdict: "confirmed", confidence: "low" });
    // Rejections are recorded as the judge gave them.
    for (const r of of("Lexer accepts tabs"))
      expect(r).toMatchObject({ verdict: "rejected", reason: "intentional", confidence: "medium", sandboxed: true });
    // A judge that reaches its turn limit without a verdict abstains, saying so.
    for (const r of of("[poc:stall]"))
      expect(r).toMatchObject({
        verdict: "abstained",
        confidence: "low",
        rationale: "No verdict: the judge reached its turn limit (3) without a verdict.",
        poc: { turns: 3 },
      });
    // No snapshot of acme/ui: the plain judge, capped, nothing sandboxed.
    for (const r of of("Tooltip leaks"))
      expect(r).toMatchObject({ verdict: "confirmed", confidence: "low", sandboxed: false, pocRan: false, poc: null });

    // Maintainers read the proof of concept with each verdict (GET /api/v1/submissions/{id}/panel).
    const maintainer = await createTestUser("maintainer");
    const api = await call(webUrl, "GET", `/api/v1/submissions/${submissionId}/panel?per_page=100`, {
      token: maintainer.token,
    });
    expect(api.status).toBe(200);
    type ApiReview = {
      judge: string;
      confidence: string;
      proof_of_concept: {
        ran: boolean;
        turns: number;
        commands: { command: string; output: string }[];
        commands_omitted: number;
      } | null;
    };
    const apiReviews = (title: string) =>
      (api.json.findings as { title: string; reviews: ApiReview[] }[]).find((f) => f.title.includes(title))!.reviews;
    expect(apiReviews("Lexer drops")[0]!.proof_of_concept).toEqual({
      ran: true,
      turns: 2,
      commands_omitted: 0,
      commands: [
        expect.objectContaining({
          command: "head -n 3 ./parser/lexer.py && echo POC-OK",
          exit_code: 0,
          timed_out: false,
          out_of_memory: false,
          output: expect.stringContaining("POC-OK"),
        }),
      ],
    });
    expect(apiReviews("[poc:none]")[0]!.proof_of_concept).toEqual({
      ran: false,
      turns: 2,
      commands: [],
      commands_omitted: 0,
    });
    expect(apiReviews("Tooltip leaks")[0]!.proof_of_concept).toBeNull();

    // Costs and tokens add up as without a sandbox; the panel's extracted snapshot is gone.
    expect(done.judgeCalls).toBe(reviews.length);
    expect(done.inputTokens).toBe(reviews.reduce((s, r) => s + r.inputTokens, 0));
    expect(done.costUsd).toBeCloseTo(
      reviews.reduce((s, r) => s + r.costUsd, 0),
      9,
    );
    expect(existsSync(panelWorkDir(run.id))).toBe(false);
    // The worker's orphan sweep keeps a panel judge's sandbox while its panel runs, and removes it after.
    expect(isPanelSandbox({ passId: `panel-${proven[0]!.findingId}-1-fake-panel-a` })).toBe(true);
    expect(await panelSandboxIsOrphan({ runId: run.id })).toBe(true);
    await db.panelRun.update({ where: { id: run.id }, data: { status: "running" } });
    expect(await panelSandboxIsOrphan({ runId: run.id })).toBe(false);
    await db.panelRun.update({ where: { id: run.id }, data: { status: "done" } });

    // A rerun with the sandbox on asks nothing and writes the same rows.
    const client = () =>
      new StructuredClient({
        apiKey: "test-key",
        baseURL: fakeUrl,
        timeoutMs: 5_000,
        maxRetries: 2,
        malformedRetries: 2,
      });
    const sandbox = {
      provider: new ProcessSandboxProvider({ memoryMb: 512, cpus: 1, pids: 64, tmpMb: 64 }),
      limits: LIMITS,
      required: true,
    };
    await db.panelRun.update({ where: { id: run.id }, data: { status: "queued" } });
    const rerun = await runPanel((await claimPanelAttribution("panel", run.id))!, {
      client: client(),
      config,
      concurrency: 2,
      sandbox,
    });
    expect(rerun.asked).toBe(0);
    expect(await reviewsOf(run.id)).toEqual(reviews);

    // The sandbox off: the judges are asked again (another configuration) and still read the snapshot, with the
    // read-only repository tools (no `run`); every confirmation is capped.
    await db.panelRun.update({ where: { id: run.id }, data: { status: "queued" } });
    const off = await runPanel((await claimPanelAttribution("panel", run.id))!, {
      client: client(),
      config,
      concurrency: 2,
    });
    expect(off.asked).toBe(reviews.length - of("Tooltip leaks").length);
    const plain = await reviewsOf(run.id);
    for (const r of plain) {
      expect(r).toMatchObject({ sandboxed: false, pocRan: false, poc: null });
      if (!r.title.includes("Tooltip")) expect(r.rationale).toMatch(/\(read parser\/(lexer|errors)\.py: "def /);
      if (r.verdict === "confirmed") expect(r.confidence).toBe("low");
    }
    expect(plain.find((r) => r.title.includes("Lexer drops"))).toMatchObject({
      verdict: "confirmed",
      confidence: "low",
    });
    expect(await byTitle("Lexer drops")).toMatchObject({ verdict: "confirmed", confidence: "low" });
  }, 600_000);
});
