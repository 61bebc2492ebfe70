import { contractFetch } from "../support/api-contract";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db, userWithToken, waitForStatus } from "../support/fixtures";
import { agentStats, seedAuditBenchmark, setAgent, waitForRun } from "../support/audit-fixtures";

// In-house runs end to end on the real stack: the admin API, the worker's agent loop against the fake model (scripted
// to call tools), passes in the bubblewrap sandbox, the budget stop, cancel, and the in-house submission.
const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
let admin: { id: string; token: string };
let bench: { slug: string; ref: string; repo: string };

async function post(path: string, token: string, body?: unknown) {
  const response = await contractFetch(`${webUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

beforeAll(async () => {
  admin = await userWithToken("admin");
  bench = await seedAuditBenchmark(3);
});
afterEach(async () => {
  await setAgent(fakeUrl, {});
});

describe("in-house audit runs", () => {
  it("runs every pass of the full harness in the sandbox and becomes a scored in-house submission", async () => {
    await setAgent(fakeUrl, {});
    const created = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "fake-auditor-1",
      harness: "probe-passes",
      reasoning_effort: "low",
      budget: { usd: 100 },
    });
    expect(created.status).toBe(202);
    expect(created.json).toEqual({ id: expect.any(String), status: "queued", passes_total: 3 });
    const run = await waitForRun(webUrl, admin.token, created.json.id, (r) => r.finished_at !== null);
    expect(run).toMatchObject({
      status: "done",
      passes_total: 3,
      passes_done: 3,
      passes_failed: 0,
      harness: "probe-passes",
      submission_id: created.json.id,
    });
    expect(run.tokens as number).toBeGreaterThan(0);
    expect(run.cost_usd as number).toBeGreaterThan(0);
    expect(run.passes.every((p) => p.status === "done" && p.turns === 4 && p.attempts === 1)).toBe(true);

    // The transcript: the three tools ran in the sandbox (the network try failed), then submit_findings.
    const pass = await (
      await contractFetch(`${webUrl}/api/v1/admin/runs/${created.json.id}/passes/${run.passes[0]!.id}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).json();
    const transcript = pass.transcript as {
      role: string;
      content: string | null;
      tool_calls?: { function: { name: string } }[];
    }[];
    expect(transcript[1]!.content).toContain('<repository_context>\n"# acme/tool');
    expect(transcript[1]!.content).toContain('"path": "mod0/core.py"');
    expect(transcript[1]!.content).toContain('"numbered_source": "     1  def handle_0(value):');
    expect(transcript.flatMap((m) => m.tool_calls ?? []).map((c) => c.function.name)).toEqual([
      "list_dir",
      "read_file",
      "run",
      "submit_findings",
    ]);
    const outputs = transcript.filter((m) => m.role === "tool").map((m) => m.content ?? "");
    expect(outputs[0]).toContain("mod0");
    expect(outputs[1]).toContain("     1  def handle_0(value):");
    expect(outputs[2]).toContain("NETWORK-BLOCKED");
    expect(outputs[2]).not.toContain("NETWORK-REACHABLE");
    expect(pass.findings_list).toEqual([
      expect.objectContaining({ repo: "acme/tool", file: "mod0/core.py", severity: "medium" }),
    ]);

    // The context document (F.5.1) was written once for the snapshot.
    const repository = await db.repository.findFirstOrThrow({
      where: { name: bench.repo, benchmark: { slug: bench.slug } },
      include: { contextDocuments: true, snapshot: true },
    });
    expect(repository.contextDocuments).toEqual([
      expect.objectContaining({
        kind: "audit",
        model: "fake-auditor-1",
        promptVersion: "audit-context@1",
        snapshotSha: repository.snapshot!.sha256,
      }),
    ]);

    // The submission: in-house, with the run's harness and cost, scored by the normal queue, pending review.
    const submission = await db.submission.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(submission).toMatchObject({
      source: "in_house",
      harness: "probe-passes",
      model: "fake-auditor-1",
      reasoningEffort: "low",
      reviewStatus: "pending",
      submitterId: admin.id,
    });
    expect(submission.costUsd).toBeCloseTo(run.cost_usd as number, 6);
    const scored = await waitForStatus(webUrl, created.json.id, admin.token);
    expect(scored.status).toBe("scored");
    expect(scored.scores.overall).toMatchObject({ findings: 3, reference_bugs: 1, matched_reference_bugs: 1 });

    // A second run on the same snapshot reuses the context document: no second context pass.
    await setAgent(fakeUrl, {});
    const again = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "fake-auditor-1",
      harness: "probe-passes",
      repos: [bench.repo],
    });
    await waitForRun(webUrl, admin.token, again.json.id, (r) => r.finished_at !== null);
    expect((await agentStats(fakeUrl)).contextCalls).toBe(0);

    const audit = await db.auditLog.findFirst({
      where: { action: "audit_run.create", target: `audit_run:${created.json.id}` },
    });
    expect(audit?.actorId).toBe(admin.id);
  });

  it("passes-only and vanilla prompts carry no context, source or call graph; invalid findings are returned to the model", async () => {
    await setAgent(fakeUrl, { submitInvalidFirst: true });
    const only = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "fake-auditor-1",
      harness: "passes-only",
    });
    const vanilla = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "fake-auditor-1",
      harness: "vanilla",
    });
    expect(only.json.passes_total).toBe(3);
    expect(vanilla.json.passes_total).toBe(1);
    for (const id of [only.json.id, vanilla.json.id]) {
      const run = await waitForRun(webUrl, admin.token, id, (r) => r.finished_at !== null);
      expect(run.status).toBe("done");
      const pass = await (
        await contractFetch(`${webUrl}/api/v1/admin/runs/${id}/passes/${run.passes[0]!.id}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json();
      const user = pass.transcript[1].content as string;
      expect(user).not.toContain("repository_context");
      expect(user).not.toContain("def handle_0");
      expect(
        pass.transcript.some((m: { content: string | null }) =>
          m.content?.startsWith("submit_findings was not accepted"),
        ),
      ).toBe(true);
      expect(pass.status).toBe("done");
    }
  });

  it("refuses bad launches with the fields named", async () => {
    const unknown = await post("/api/v1/admin/runs", admin.token, {
      benchmark: "nope@1",
      model: "m",
      harness: "vanilla",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.issues).toEqual([{ path: "benchmark", message: 'unknown benchmark "nope@1"' }]);
    const repo = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "m",
      harness: "vanilla",
      repos: ["acme/missing"],
    });
    expect(repo.json.error.issues).toEqual([
      { path: "repos[0]", message: `unknown repository "acme/missing" in ${bench.ref}` },
    ]);
    const shape = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "",
      harness: "all",
      budget: { usd: -1 },
      extra: 1,
    });
    expect(shape.status).toBe(422);
    expect(shape.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "(root)",
      "budget.usd",
      "harness",
      "model",
    ]);
    const endpoint = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "m",
      harness: "vanilla",
      base_url: "http://169.254.169.254/v1",
    });
    expect(endpoint.json.error.issues).toEqual([
      { path: "base_url", message: "not the default endpoint and not listed in AUDIT_BASE_URLS" },
    ]);
  });

  it("stops at the budget, keeping the passes that finished, and submits those", async () => {
    // Each turn costs 1,050 tokens and a pass takes 4 turns: the 9,000-token budget is spent during the third pass.
    await setAgent(fakeUrl, { promptTokens: 1_000, completionTokens: 50, latencyMs: 50 });
    const created = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "fake-auditor-1",
      harness: "passes-only",
      budget: { tokens: 9_000 },
    });
    const run = await waitForRun(webUrl, admin.token, created.json.id, (r) => r.finished_at !== null);
    expect(run.status).toBe("over_budget");
    expect(run.error).toMatch(/budget of 9000 tokens is spent/);
    expect(run.tokens as number).toBeGreaterThanOrEqual(9_000);
    const done = run.passes.filter((p) => p.status === "done");
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.length).toBeLessThan(3);
    expect(run.passes.every((p) => ["done", "stopped", "skipped"].includes(p.status))).toBe(true);
    expect(run.submission_id).toBe(created.json.id);
    const findings = await db.finding.count({ where: { run: { submissionId: created.json.id } } });
    expect(findings).toBe(done.length);
  });

  it("cancels a running run: passes stop at their next turn and no submission is made", async () => {
    await setAgent(fakeUrl, { mode: "explore", latencyMs: 300 });
    const created = await post("/api/v1/admin/runs", admin.token, {
      benchmark: bench.ref,
      model: "fake-auditor-1",
      harness: "passes-only",
    });
    await waitForRun(webUrl, admin.token, created.json.id, (r) =>
      r.passes.some((p) => p.status === "running" && p.turns >= 1),
    );
    const cancelled = await post(`/api/v1/admin/runs/${created.json.id}/cancel`, admin.token);
    expect(cancelled).toEqual({ status: 200, json: { id: created.json.id, status: "cancelled" } });
    const run = await waitForRun(webUrl, admin.token, created.json.id, (r) => r.finished_at !== null, 30_000);
    expect(run.status).toBe("cancelled");
    expect(run.submission_id).toBeNull();
    expect(run.passes.every((p) => ["stopped", "skipped"].includes(p.status))).toBe(true);
    expect((await post(`/api/v1/admin/runs/${created.json.id}/cancel`, admin.token)).status).toBe(409);
    expect(await db.submission.findUnique({ where: { id: created.json.id } })).toBeNull();
    expect(
      await db.auditLog.count({ where: { action: "audit_run.cancel", target: `audit_run:${created.json.id}` } }),
    ).toBe(1);
  });
});
