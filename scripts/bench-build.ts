// npm run bench:build — a benchmark build end to end at a realistic size (docs/building-benchmarks.md): a synthetic
// repository of BENCH_COMMITS (default 2,000) commits after its snapshot (scripts/lib/synthetic-history.ts) is uploaded
// as a bundle and built by the real stages, one BullMQ job each through the worker's own processor in this process,
// with git in the process sandbox (bubblewrap) and the fake OpenAI server (tests/support/fake-openai.ts) answering every
// model call after BENCH_LATENCY_MS (default 50). Prints each stage's wall time, model calls, count and tokens.
// Environment:
// BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/probebench_bench_build, dropped and recreated every
// run), BENCH_REDIS_URL (default redis://127.0.0.1:6379/13; the build queue there is emptied first).

import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { canConnect, migrate, recreateDatabase } from "./lib/database";
import { writeSyntheticHistory } from "./lib/synthetic-history";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_bench_build";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/13";
const COMMITS = Number(process.env.BENCH_COMMITS ?? 2_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);

const { startFakeOpenAi } = await import("../tests/support/fake-openai");
const fake = await startFakeOpenAi();
fake.control.latencyMs = LATENCY_MS;
const work = mkdtempSync(path.join(tmpdir(), "probebench-bench-build-"));
// The sandbox runs git as nobody: the store must be readable by it.
chmodSync(work, 0o755);
Object.assign(process.env, {
  DATABASE_URL,
  REDIS_URL,
  OPENAI_API_KEY: "test-key",
  OPENAI_BASE_URL: fake.url,
  JUDGE_MODEL: "fake-judge-1",
  EMBEDDING_PROVIDER: "offline",
  MODEL_PRICES_JSON: JSON.stringify({ "fake-judge-1": { input: 1, output: 2 } }),
  SANDBOX: "process",
  SNAPSHOT_STORE: path.join(work, "store"),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});

const { db, disconnectDb } = await import("../lib/db");
const { env } = await import("../lib/env");
const { createRedisConnection } = await import("../lib/queue/connection");
const { benchmarkBuildQueue } = await import("../lib/queue/benchmark-build-queue");
const { closeQueues } = await import("../lib/queue/queues");
const { placeRepositoryBundle, storeUploadedBundle, uploadedBundlePath } =
  await import("../lib/server/benchmark-builds/build-storage");
const { queueBuildStage } = await import("../lib/server/benchmark-builds/queue-build-stage");
const { createWorker } = await import("../worker/jobs/create-worker");
const { processBenchmarkBuildJob } = await import("../worker/processors/benchmark-build");
const { BUILD_STAGE_NAMES } = await import("../lib/benchmark-build/stages");

if (!(await canConnect(DATABASE_URL))) throw new Error(`PostgreSQL is not reachable at ${DATABASE_URL}`);
await recreateDatabase(DATABASE_URL);
await migrate(DATABASE_URL);
await benchmarkBuildQueue.queue().obliterate({ force: true });

let started = performance.now();
const repoDir = path.join(work, "repo");
const history = writeSyntheticHistory(repoDir, COMMITS);
const { execFileSync } = await import("node:child_process");
execFileSync("git", ["bundle", "create", "-q", path.join(work, "repo.bundle"), "--all"], { cwd: repoDir });
const { bundle, bytes } = await storeUploadedBundle(readFileSync(path.join(work, "repo.bundle")));
console.log(
  `history: ${history.commits} commits after T0 written and bundled in ${((performance.now() - started) / 1000).toFixed(1)} s (${(bytes / 1024).toFixed(0)} KiB)`,
);

const admin = await db.user.create({ data: { email: "bench-admin@example.test", role: "admin" } });
const connection = createRedisConnection();
const worker = createWorker(benchmarkBuildQueue, processBenchmarkBuildJob, { connection, concurrency: 1 });
started = performance.now();
// The rows an admin's start writes (lib/server/benchmark-builds/create-build.ts, a web-only module), then its first stage.
const build = await db.benchmarkBuild.create({
  data: {
    slug: "synthetic",
    name: "Synthetic",
    version: "1",
    snapshotRef: history.snapshotSha,
    windowEnd: new Date(`${history.windowEnd}T00:00:00Z`),
    status: "running",
    budgetUsd: 1_000_000,
    estimate: {},
    createdById: admin.id,
  },
});
const repository = await db.benchmarkBuildRepository.create({
  data: { buildId: build.id, name: "bench/synthetic", language: "python", sourceKind: "bundle" },
});
await db.benchmarkBuildRepository.update({
  where: { id: repository.id },
  data: { bundlePath: await placeRepositoryBundle(build.id, repository.id, uploadedBundlePath(bundle)) },
});
await queueBuildStage(build.id, "commits");
const deadline = Date.now() + 60 * 60_000;
let status = "";
while (Date.now() < deadline) {
  status = (await db.benchmarkBuild.findUniqueOrThrow({ where: { id: build.id } })).status;
  if (status !== "running") break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const total = (performance.now() - started) / 1000;
const row = await db.benchmarkBuild.findUniqueOrThrow({ where: { id: build.id }, include: { stages: true } });
await worker.close();
connection.disconnect();

console.log(
  `build: ${status} in ${total.toFixed(1)} s; BUILD_CONCURRENCY ${env.BUILD_CONCURRENCY}, fake latency ${LATENCY_MS} ms`,
);
if (row.error) console.log(`error: ${row.error}`);
console.log("stage        seconds   calls   count   prompt tokens   cached  completion");
for (const name of BUILD_STAGE_NAMES) {
  const s = row.stages.find((x) => x.stage === name);
  if (!s) continue;
  const seconds = s.startedAt && s.finishedAt ? (s.finishedAt.getTime() - s.startedAt.getTime()) / 1000 : NaN;
  console.log(
    `${name.padEnd(12)} ${seconds.toFixed(1).padStart(7)} ${String(s.modelCalls).padStart(7)} ${String(s.countOut ?? "").padStart(7)} ${String(s.inputTokens).padStart(15)} ${String(s.cachedInputTokens).padStart(8)} ${String(s.outputTokens).padStart(11)}`,
  );
}
console.log(
  `model calls: ${fake.stats.chatCalls}; estimate before the first model stage: ${JSON.stringify(row.estimate)}`,
);

await fake.close();
await closeQueues();
await disconnectDb();
rmSync(work, { recursive: true, force: true });
process.exit(status === "review" ? 0 : 1);
