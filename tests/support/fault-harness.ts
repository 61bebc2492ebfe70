import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Queue, type JobsOptions } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { db } from "../../lib/db";
import { bugContentHash } from "../../lib/validation/bug-content-hash";
import { SCORING_QUEUE } from "../../lib/queue/scoring-queue";
import { ROOT, WORKER_NODE_ARGS, startProcess, stopProcess } from "../../scripts/lib/processes";
import { LOG_DIR } from "./global-setup";
import { startFakeOpenAi } from "./fake-openai";

// What the fault tests need besides the shared stack: a private redis-server on a spare port (restarting it disturbs
// nobody else), worker processes of their own pointed at it and at a fake OpenAI server of the test, and a
// repeated-run submission whose texts are unique to the test (so the verdict cache starts cold).

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export class PrivateRedis {
  private child: ChildProcess | undefined;
  readonly dir = mkdtempSync(path.join(tmpdir(), "probebench-faults-redis-"));
  constructor(readonly port: number) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.child = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--dir", this.dir, "--save", "1 1", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    for (let i = 0; i < 100; i++) {
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        probe.disconnect();
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error("private redis-server did not start");
  }
  /** SHUTDOWN SAVE: the queue survives the restart, as with a persistent Redis. */
  async stop(): Promise<void> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await client.connect();
    await client.call("SHUTDOWN", "SAVE").catch(() => undefined);
    client.disconnect();
    await new Promise<void>((resolve) =>
      this.child?.exitCode !== null ? resolve() : this.child.once("exit", () => resolve()),
    );
  }
}

export function privateQueue(
  redisUrl: string,
  defaultJobOptions: JobsOptions = { attempts: 6, backoff: { type: "fixed", delay: 300 }, removeOnComplete: false },
): Queue {
  return new Queue(SCORING_QUEUE, {
    connection: new Redis(redisUrl, { maxRetriesPerRequest: null }),
    defaultJobOptions,
  });
}

let workerCount = 0;
/** A worker process on the given environment; its log is `test-artifacts/logs/<name>.log`. */
export function startWorker(env: Record<string, string>, name = `fault-worker-${++workerCount}`): ChildProcess {
  return startProcess(name, process.execPath, [...WORKER_NODE_ARGS, path.join(ROOT, "worker/index.ts")], {
    env,
    logDir: LOG_DIR,
  });
}

export { stopProcess };

type PrivateStack = {
  redis: PrivateRedis;
  queue: Queue;
  fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  /** Every worker the suite started, killed after its tests. */
  workers: ChildProcess[];
  /** Starts one more worker on the suite's environment. */
  worker: () => ChildProcess;
};

/**
 * A suite's private stack: a redis-server and its scoring queue, a fake OpenAI server and the workers the suite
 * starts, up before its tests and torn down after them. `workerEnv` is the workers' environment, given the Redis and
 * fake server URLs.
 */
export function privateStack(workerEnv: (urls: { redis: string; openAi: string }) => Record<string, string>) {
  const stack = { workers: [] } as unknown as PrivateStack;
  let env: Record<string, string>;
  stack.worker = () => {
    const child = startWorker(env);
    stack.workers.push(child);
    return child;
  };
  beforeAll(async () => {
    stack.redis = new PrivateRedis(await freePort());
    await stack.redis.start();
    stack.queue = privateQueue(stack.redis.url);
    stack.fake = await startFakeOpenAi();
    env = workerEnv({ redis: stack.redis.url, openAi: stack.fake.url });
  });
  afterAll(async () => {
    for (const w of stack.workers) await stopProcess(w, "SIGKILL");
    await stack.queue?.close();
    await stack.fake?.close();
    await stack.redis?.stop().catch(() => undefined);
  });
  return stack;
}

/**
 * A benchmark with one repository and 20 reference bugs, and a submission of 3 runs drawn from 30 latent findings
 * (the first 15 re-describe reference bugs); every text carries `tag`, so nothing is cached before the test.
 */
export async function seedRepeatedRunSubmission(tag: string): Promise<string> {
  const benchmark = await db.benchmark.create({
    data: {
      slug: `faults-${tag}`,
      name: "Fault tests",
      version: "1",
      snapshotDate: new Date("2025-01-01"),
      repositories: { create: [{ name: "acme/engine", language: "python" }] },
    },
    include: { repositories: true },
  });
  const repositoryId = benchmark.repositories[0]!.id;
  const words = ["token", "buffer", "parser", "handler", "cursor", "offset", "stream", "reader", "header", "frame"];
  const text = (l: number, variant: number) => ({
    file: `engine/${words[l % 10]}.py`,
    lineStart: 10 + (l % 7) * 20 + variant,
    lineEnd: 18 + (l % 7) * 20 + variant,
    title: `${words[l % 10]} ${words[(l * 3) % 10]} mishandled in step ${l} (${tag})`,
    description: `The ${words[l % 10]}_${words[(l + 1) % 10]} handler drops the ${words[(l * 7) % 10]} when the input buffer ends early; variant ${variant}. (${tag})`,
    codeSnippet: `def handle_${words[l % 10]}(self, ${words[(l + 2) % 10]}):\n    return self.read_${words[(l * 3) % 10]}(${words[(l + 2) % 10]})`,
  });
  for (let r = 0; r < 20; r++) {
    const t = text(r, 0);
    await db.referenceBug.create({
      data: {
        repositoryId,
        externalId: `R${r}`,
        ...t,
        title: `${t.title} [root:R${r}-${tag}]`,
        contentHash: bugContentHash({ ...t, title: `${t.title} [root:R${r}-${tag}]` }),
      },
    });
  }
  const submission = await db.submission.create({
    data: {
      benchmarkId: benchmark.id,
      model: `Faults ${tag}`,
      scoringStatus: "queued",
      runs: { create: [{ index: 0 }, { index: 1 }, { index: 2 }] },
    },
    include: { runs: { orderBy: { index: "asc" } } },
  });
  for (const run of submission.runs) {
    let ordinal = 0;
    for (let l = 0; l < 30; l++) {
      if ((l * 7 + run.index * 3) % 4 === 0) continue;
      const root = l < 15 ? `R${l}-${tag}` : `L${l}-${tag}`;
      const t = text(l, run.index + 1);
      const data = {
        ...t,
        title: `${t.title} [root:${root}]`,
        suggestedFix: `Check the ${words[l % 10]} length first.`,
      };
      await db.finding.create({
        data: { runId: run.id, repositoryId, ordinal: ordinal++, ...data, contentHash: bugContentHash(data) },
      });
    }
  }
  return submission.id;
}

/** A copy of a submission (same findings), queued, to score undisturbed. */
export async function copySubmission(id: string): Promise<string> {
  const source = await db.submission.findUniqueOrThrow({
    where: { id },
    include: { runs: { orderBy: { index: "asc" }, include: { findings: { orderBy: { ordinal: "asc" } } } } },
  });
  const copy = await db.submission.create({
    data: { benchmarkId: source.benchmarkId, model: `${source.model} (undisturbed)`, scoringStatus: "queued" },
  });
  for (const run of source.runs) {
    const created = await db.run.create({ data: { submissionId: copy.id, index: run.index } });
    await db.finding.createMany({
      data: run.findings.map(({ id: _id, runId: _r, ...f }) => ({ ...f, runId: created.id })),
    });
  }
  return copy.id;
}

/** Every stored number and match of a submission, independent of row ids, for comparing two scorings. */
export async function resultOf(id: string) {
  const submission = await db.submission.findUniqueOrThrow({ where: { id }, include: { runs: true } });
  const runIndex = new Map(submission.runs.map((r) => [r.id, r.index]));
  const scores = await db.score.findMany({ where: { submissionId: id } });
  const matches = await db.match.findMany({
    where: { attemptId: submission.scoringAttemptId, finding: { run: { submissionId: id } } },
    include: { finding: { include: { run: true } }, referenceBug: true },
  });
  return {
    status: submission.scoringStatus,
    scores: scores
      .map((s) =>
        [
          s.kind,
          s.runId === null ? "" : runIndex.get(s.runId),
          s.n,
          s.scope,
          s.key,
          s.recall,
          s.precision,
          s.f1,
          s.matchedReferenceBugs,
          s.referenceBugs,
          s.matchedFindings,
          s.findings,
        ].join("|"),
      )
      .sort(),
    matches: matches
      .map((m) => `${m.finding.run.index}:${m.finding.ordinal}->${m.referenceBug.externalId}:${m.source}`)
      .sort(),
  };
}

/** Derived rows of the submission: all of them and those of the current attempt; equal when nothing is duplicated. */
export async function derivedRowCounts(id: string) {
  const { scoringAttemptId: attemptId } = await db.submission.findUniqueOrThrow({ where: { id } });
  const finding = { run: { submissionId: id } };
  return {
    pairs: await db.candidatePair.count({ where: { finding } }),
    currentPairs: await db.candidatePair.count({ where: { attemptId, finding } }),
    matches: await db.match.count({ where: { finding } }),
    currentMatches: await db.match.count({ where: { attemptId, finding } }),
    crossRun: await db.crossRunPair.count({ where: { submissionId: id } }),
    currentCrossRun: await db.crossRunPair.count({ where: { submissionId: id, attemptId } }),
    usage: await db.judgeUsage.count({ where: { submissionId: id } }),
    scores: await db.score.count({ where: { submissionId: id } }),
    distinctScores: (
      await db.score.groupBy({ by: ["kind", "runId", "n", "scope", "key"], where: { submissionId: id } })
    ).length,
  };
}

export async function waitFor<T>(
  read: () => Promise<T>,
  until: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
