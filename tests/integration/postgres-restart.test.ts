// PostgreSQL restarted mid-scoring (docs/reliability.md), on a cluster of the test's own (its own port and data
// directory, so the rest of the suite is untouched), with a web server, a worker and a Redis of the test's own pointed
// at it. While the database is down the API answers 503 with a clear JSON message and no internal text; once it is
// back the web answers again by itself, the worker reconnects, and the attempt ends scored with the numbers of an
// undisturbed run and no derived row twice. The job's retries are spent while the database is away: the reconciler
// takes the row back once its lease has passed.

import { execFile, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import type { Queue } from "bullmq";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryingJobOptions } from "../../lib/queue/job-options";
import { ensureDatabase, migrate } from "../../scripts/lib/database";
import { ROOT, startProcess, stopProcess, TSX_NODE_ARGS, waitForHttp } from "../../scripts/lib/processes";
import { startFakeOpenAi } from "../support/fake-openai";
import { freePort, PrivateRedis, privateQueue, startWorker, waitFor } from "../support/fault-harness";
import { LOG_DIR } from "../support/global-setup";
import { PrivatePostgres } from "../support/private-postgres";

const run = promisify(execFile);
let cluster: PrivatePostgres;
let redis: PrivateRedis;
let queue: Queue;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let worker: ChildProcess | undefined;
let web: ChildProcess | undefined;
let webUrl: string;

beforeAll(async () => {
  cluster = new PrivatePostgres(await freePort());
  cluster.start();
  await ensureDatabase(cluster.url());
  await migrate(cluster.url());
  redis = new PrivateRedis(await freePort());
  await redis.start();
  // The product's retry policy, with few and short retries: they are all spent while the database is down.
  queue = privateQueue(redis.url, { ...retryingJobOptions(3, 500), removeOnComplete: false });
  fake = await startFakeOpenAi();
  const env = { DATABASE_URL: cluster.url(), REDIS_URL: redis.url };
  worker = startWorker({
    ...env,
    OPENAI_BASE_URL: fake.url,
    JUDGE_CONCURRENCY: "4",
    JOB_LEASE_MS: "4000",
    RECONCILE_INTERVAL_MS: "2000",
  });
  const port = await freePort();
  webUrl = `http://127.0.0.1:${port}`;
  // The suite's build, on the test's database and Redis.
  web = startProcess("web-postgres-restart", process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    logDir: LOG_DIR,
  });
  await waitForHttp(`${webUrl}/api/health`, 240_000, "the web server on the test's own cluster");
});

afterAll(async () => {
  await stopProcess(web, "SIGKILL");
  await stopProcess(worker, "SIGKILL");
  await queue?.close();
  await fake?.close();
  await redis?.stop().catch(() => undefined);
  cluster?.destroy();
});

/** One query on a connection of its own (the cluster goes away under the test). */
async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url(), connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function probe(args: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    [...TSX_NODE_ARGS, path.join(ROOT, "tests/support/database-probe.ts"), ...args],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: cluster.url() }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as unknown;
}

const INTERNAL = /ECONNREFUSED|127\.0\.0\.1|postgres|prisma|P10\d\d|stack|at \w+ \(/i;

describe("PostgreSQL restarted mid-scoring", () => {
  it("the web answers 503 and recovers, the worker reconnects, and the scores equal an undisturbed run's", async () => {
    const tag = randomUUID().slice(0, 8);
    const id = (await probe(["seed-repeated-run", tag])) as string;
    const board = `${webUrl}/api/v1/leaderboard?benchmark=${encodeURIComponent(`faults-${tag}@1`)}`;
    expect((await fetch(board)).status).toBe(200);

    // 3,615 calls of 25 ms, 4 at a time: about 25 s of judging.
    fake.control.latencyMs = 25;
    const calls = fake.stats.chatCalls;
    await queue.add("score-submission", { submissionId: id }, { jobId: id });
    await waitFor(
      () => Promise.resolve(fake.stats.chatCalls - calls),
      (n) => n >= 800,
      120_000,
      "judging to be under way",
    );

    cluster.stop("fast");
    const downAt = Date.now();
    for (const url of [`${webUrl}/api/health`, board]) {
      const response = await fetch(url);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        error: {
          code: "unavailable",
          message: expect.stringMatching(/database is unavailable for a moment/) as string,
        },
      });
      expect(text).not.toMatch(INTERNAL);
    }
    // Judging goes on while the database is away; the attempt fails at its next write.
    await new Promise((r) => setTimeout(r, Math.max(0, 6_000 - (Date.now() - downAt))));
    expect(await query("SELECT 1").catch(() => "down")).toBe("down");
    cluster.start();

    // The web recovers by itself: no restart of its process.
    await waitForHttp(`${webUrl}/api/health`, 30_000, "the web server after the restart");
    expect((await fetch(board)).status).toBe(200);

    const status = async () =>
      (await query<{ scoringStatus: string }>(`SELECT "scoringStatus" FROM "Submission" WHERE id = $1`, [id]))[0]!
        .scoringStatus;
    expect(
      await waitFor(status, (s) => s === "scored" || s === "failed", 240_000, "scoring to end after the restart"),
    ).toBe("scored");
    expect(worker!.exitCode).toBeNull();
    // The undisturbed copy is scored by the probe alone: the worker's reconciler would queue the copy too.
    await stopProcess(worker, "SIGKILL");

    fake.control.latencyMs = 0;
    const { disturbed, undisturbed, rows, nonTerminal } = (await probe(["undisturbed", id, fake.url])) as {
      disturbed: { scores: string[]; matches: string[] };
      undisturbed: { scores: string[]; matches: string[] };
      rows: Record<string, number>;
      nonTerminal: number;
    };
    expect(disturbed.scores.length).toBeGreaterThan(0);
    expect(disturbed).toEqual(undisturbed);
    // No row half-written: every derived row belongs to the attempt that finished, once.
    expect(rows.pairs).toBe(rows.currentPairs);
    expect(rows.matches).toBe(rows.currentMatches);
    expect(rows.crossRun).toBe(rows.currentCrossRun);
    expect(rows.usage).toBe(1);
    expect(rows.scores).toBe(rows.distinctScores);
    expect(nonTerminal).toBe(0);
  }, 600_000);
});
