import { createServer } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, inject, it } from "vitest";

// Passes are the unit of retry: a worker killed (SIGKILL) in the middle of a pass loses only that pass's attempt;
// another worker takes the pass over when its lock lapses, starts it again from its prompt, and the run finishes
// with one submission. Runs on a private redis-server with worker processes of its own, so the shared worker never
// sees these jobs: REDIS_URL is set before any app module is loaded (lib/env reads it once).
const fakeUrl = inject("fakeOpenAiUrl");
const port = await new Promise<number>((resolve) => {
  const server = createServer();
  server.listen(0, "127.0.0.1", () => {
    const { port: p } = server.address() as { port: number };
    server.close(() => resolve(p));
  });
});
process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
const { PrivateRedis, startWorker, stopProcess } = await import("../support/fault-harness");
const { db, userWithToken } = await import("../support/fixtures");
const { seedAuditBenchmark, setAgent } = await import("../support/audit-fixtures");
const { createAuditRun } = await import("../../lib/server/audit-runs/create-run");
const { createRunBodySchema } = await import("../../lib/contracts/audit-runs");
const { auditQueue } = await import("../../lib/queue/audit-queue");

const redis = new PrivateRedis(port);
await redis.start();
const workers: ChildProcess[] = [];
const workerEnv = () => ({
  ...(process.env as Record<string, string>),
  REDIS_URL: redis.url,
  WORKER_LOCK_MS: "2000",
  AUDIT_CONCURRENCY: "1",
  WORKER_HEARTBEAT_FILE: path.join(mkdtempSync(path.join(tmpdir(), "probebench-kill-")), "heartbeat"),
});

async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 1_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

afterAll(async () => {
  for (const w of workers) await stopProcess(w);
  await auditQueue.close();
  await redis.stop().catch(() => undefined);
  await setAgent(fakeUrl, {});
});

describe("a worker killed mid-run", () => {
  it("loses only the pass it was running; the pass is retried and the run finishes with one submission", async () => {
    const admin = await userWithToken("admin");
    const bench = await seedAuditBenchmark(2, "audit-kill");
    // 4 turns of ~600 ms per pass: time to kill the worker in the middle of the first pass.
    await setAgent(fakeUrl, { latencyMs: 600, promptTokens: 1_000, completionTokens: 50 });
    const { id } = await createAuditRun(
      admin.id,
      createRunBodySchema.parse({ benchmark: bench.ref, model: "fake-auditor-1", harness: "passes-only" }),
    );

    const first = startWorker(workerEnv());
    workers.push(first);
    const victim = await until(
      "a pass in progress",
      () => db.auditPass.findFirst({ where: { runId: id, status: "running", turns: { gte: 1 } } }),
      (p) => p !== null,
    );
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const lost = await db.auditPass.findUniqueOrThrow({ where: { id: victim!.id } });
    expect(lost.status).toBe("running");
    expect(lost.attempts).toBe(1);

    workers.push(startWorker(workerEnv()));
    const run = await until(
      "the run to finish",
      () => db.auditRun.findUniqueOrThrow({ where: { id } }),
      (r) => r.finishedAt !== null,
      90_000,
    );
    expect(run.status).toBe("done");
    const passes = await db.auditPass.findMany({ where: { runId: id }, orderBy: { ordinal: "asc" } });
    expect(passes.map((p) => p.status)).toEqual(["done", "done"]);
    const retried = passes.find((p) => p.id === victim!.id)!;
    expect(retried.attempts).toBe(2);
    expect(retried.turns).toBe(4);
    // The transcript is the retry's alone: it starts again from the prompt.
    const messages = await db.auditPassMessage.findMany({ where: { passId: retried.id }, orderBy: { seq: "asc" } });
    expect(messages.every((m) => m.attempt === 2)).toBe(true);
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i));
    expect(messages.filter((m) => (m.message as { role: string }).role === "assistant")).toHaveLength(4);
    // The other pass ran once; the lost attempt's tokens still count against the run (they were spent).
    expect(passes.find((p) => p.id !== victim!.id)!.attempts).toBe(1);
    const passTokens = passes.reduce((n, p) => n + p.inputTokens + p.outputTokens, 0);
    expect(run.inputTokens + run.outputTokens).toBeGreaterThan(passTokens);
    expect(run.submissionId).toBe(id);
    expect(await db.submission.count({ where: { id } })).toBe(1);
    const submission = await until(
      "scoring",
      () => db.submission.findUniqueOrThrow({ where: { id } }),
      (s) => s.scoringStatus === "scored",
      60_000,
    );
    expect(submission.source).toBe("in_house");
    expect(await db.finding.count({ where: { run: { submissionId: id } } })).toBe(2);
  });
});
