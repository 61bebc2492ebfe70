// The web process killed (SIGKILL) mid-upload (docs/reliability.md): a web server of the test's own, on the suite's
// database and Redis, is killed while one user's upload is still arriving and another's is being parsed and stored,
// at a different moment each round. Afterwards no submission exists without all of its findings, no queued job names
// a row that does not exist, no thread or process of the dead server is left, a row that was stored is scored (the
// reconciler queues one whose job was never sent), and both users' upload slots are free again within their lease.

import http from "node:http";
import { spawnSync, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_SLOT_LEASE_SECONDS } from "../../lib/server/rate-limit/rate-limit";
import { scoringQueue } from "../../lib/queue/scoring-queue";
import { startReconciler } from "../../worker/jobs/reconcile";
import { strandedScoring } from "../../worker/features/scoring/recovery";
import { startProcess, stopProcess, TSX_NODE_ARGS, waitForHttp } from "../../scripts/lib/processes";
import { freePort, waitFor } from "../support/fault-harness";
import { db, finding, seedBenchmark, userWithToken } from "../support/fixtures";
import { LOG_DIR } from "../support/global-setup";

const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13");
let web: ChildProcess | undefined;
let slug: string;
const FINDINGS = 3_000;

beforeAll(async () => {
  slug = await seedBenchmark();
});
afterAll(async () => {
  await stopProcess(web, "SIGKILL");
  redis.disconnect();
});

async function startWeb(): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = startProcess(`web-killed-${port}`, process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
    env: { PORT: String(port), HOST: "127.0.0.1" },
    logDir: LOG_DIR,
  });
  web = child;
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 240_000, "the test's own web server");
  return { port, child };
}

/** A POST of `body` to the upload route; `partial` sends only its first half and keeps the request open. */
function post(port: number, token: string, body: string, partial: boolean): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request({
      host: "127.0.0.1",
      port,
      path: "/api/v1/submissions",
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "content-length": String(Buffer.byteLength(body)),
      },
    });
    req.on("error", () => undefined);
    req.on("response", (res) => res.resume());
    if (partial) req.write(body.slice(0, body.length / 2), () => resolve());
    else req.end(body, () => resolve());
  });
}

const slot = async (userId: string) => Number((await redis.get(`rl:upload-in-flight:user:${userId}`)) ?? 0);

describe("the web process killed mid-upload", () => {
  it("leaves no row without its findings, no orphan job or thread, and frees the users' slots", async () => {
    // Users of each round: a slot a killed server held stays taken for up to a lease, and each user has two.
    const cutUsers: { id: string; token: string }[] = [];
    const storedUsers: { id: string; token: string }[] = [];
    const file = (round: number) =>
      JSON.stringify({
        benchmark: `${slug}@1`,
        model: `killed-${round}`,
        findings: Array.from({ length: FINDINGS }, (_, i) => ({
          ...finding(`K${round}-${i}`, "acme/parser", "parser/lexer.py", 1_000 + i, 1_002 + i, `Killed upload ${i}`),
          description: `Round ${round}, finding ${i}: the lexer keeps a token past the end of its buffer. `.repeat(4),
        })),
      });
    const pids: number[] = [];
    // Killed as the stored user's body has just arrived (parsing), while its findings are being inserted (the
    // transaction open), and as soon as its row is committed (before or just after its job is queued).
    const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    const committed = async (userId: string) => (await db.submission.count({ where: { submitterId: userId } })) > 0;
    const moments = [
      async () => true,
      // (or committed already: the insert was too quick to be seen, and this round stores the upload)
      async (userId: string) =>
        (
          await db.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = ${database} AND state IN ('active', 'idle in transaction')
              AND query LIKE ${'%INSERT INTO "Finding"%'}`
        )[0]!.n > 0 || (await committed(userId)),
      committed,
    ];
    for (const [round, moment] of moments.entries()) {
      const [cut, stored] = [await userWithToken(), await userWithToken()];
      cutUsers.push(cut);
      storedUsers.push(stored);
      const { port, child } = await startWeb();
      pids.push(child.pid!);
      const body = file(round);
      await post(port, cut.token, body, true);
      await waitFor(
        () => slot(cut.id),
        (n) => n >= 1,
        10_000,
        "the cut-off upload to hold its slot",
      );
      await post(port, stored.token, body, false);
      // At the moment, or after 30 s if it never came.
      const until = Date.now() + 30_000;
      while (!(await moment(stored.id)) && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      child.kill("SIGKILL");
      await new Promise((r) =>
        child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once("exit", r),
      );
    }

    // Nothing of the dead servers runs on: no process, and so no upload parse thread.
    for (const pid of pids) {
      expect(() => process.kill(pid, 0)).toThrow();
      expect(spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).stdout.trim()).toBe("");
    }

    // The cut-off uploads stored nothing; the others stored everything or nothing.
    expect(await db.submission.count({ where: { submitterId: { in: cutUsers.map((u) => u.id) } } })).toBe(0);
    const rows = await db.submission.findMany({
      where: { submitterId: { in: storedUsers.map((u) => u.id) } },
      include: { runs: { include: { _count: { select: { findings: true } } } } },
    });
    for (const row of rows) expect(row.runs.map((r) => r._count.findings)).toEqual([FINDINGS]);
    // The last round was killed once its row was committed.
    expect(rows.map((r) => r.model)).toContain("killed-2");

    // No queued job names a row that does not exist.
    const jobs = await scoringQueue.queue().getJobs(["waiting", "delayed", "active", "prioritized"]);
    const named = jobs.flatMap((job) => (job ? [scoringQueue.payload.parse(job.data).submissionId] : []));
    const existing = new Set(
      (await db.submission.findMany({ where: { id: { in: named } }, select: { id: true } })).map((s) => s.id),
    );
    expect(named.filter((id) => !existing.has(id))).toEqual([]);

    // A row stored before the kill is scored: its job, or the reconciler's pass when the kill came before the job.
    const reconciler = await startReconciler([strandedScoring], 3_600_000);
    await reconciler.stop();
    for (const row of rows)
      await waitFor(
        async () => (await db.submission.findUniqueOrThrow({ where: { id: row.id } })).scoringStatus,
        (s) => s === "scored",
        180_000,
        `the stored upload ${row.id} to be scored`,
      );

    // Both users' slots are free again within one lease of the last kill.
    for (const user of [...cutUsers, ...storedUsers])
      await waitFor(
        () => slot(user.id),
        (n) => n <= 0,
        (UPLOAD_SLOT_LEASE_SECONDS + 10) * 1_000,
        "the slot to free",
      );
  }, 600_000);
});
