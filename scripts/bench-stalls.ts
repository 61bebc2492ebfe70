// `npm run bench:stalls`: what two admin and public requests cost everyone else's requests.
//
// Recreates a dedicated database (BENCH_DATABASE_URL, default probebench_bench_stalls) with the demo benchmark, an
// admin, and a public scored submission with LABELLED_PAIRS labelled matcher pairs (each with a cached verdict), builds
// the web app into its own dist folder (BENCH_REUSE_BUILD=1 reuses it; BENCH_DIST_DIR names another build of the same
// code), starts server/server.ts on a spare port, and measures the slowest /api/health answer (polled every 50 ms)
// while (a) an admin posts a ~20 MB fix-dates file of 200,000 rows, once with a bad date in every row (refused by the
// schema) and once naming no reference bug of the version (refused by the import's checks), both 422; and (b) GET
// /api/v1/grading/judge-quality is read anonymously: the first read (computed), READS repeats (cached), and CHANGED_READS
// reads each after a new label (computed again, as every read was before the cache).
import type { ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { migrate, recreateDatabase } from "./lib/database";
import { ROOT, TSX_NODE_ARGS, buildForBench, sparePort, startProcess, stopProcess, waitForHttp } from "./lib/processes";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_bench_stalls";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/12";
const DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench-stalls";
const LOG_DIR = path.join(ROOT, "test-artifacts", "logs");
const LOOP_DELAY_FILE = path.join(LOG_DIR, "bench-stalls-loop-delay.txt");
const LABELLED_PAIRS = 320;
const READS = 50;
const CHANGED_READS = 10;
const FIX_DATE_ROWS = 200_000;
const log = (msg: string) => console.log(`[bench:stalls] ${msg}`);

const demo = JSON.parse(readFileSync(path.join(ROOT, "data/demo/benchmark.json"), "utf8")) as {
  slug: string;
  version: string;
  repositories: { name: string }[];
};
const KEY = `${demo.slug}@${demo.version}`;

async function seed(): Promise<{ token: string; addLabel: () => Promise<void>; done: () => Promise<void> }> {
  process.env.DATABASE_URL = DATABASE_URL;
  process.env.REDIS_URL = REDIS_URL;
  const { importBenchmark } = await import("../lib/server/benchmarks/import-benchmark");
  const { benchmarkFileSchema } = await import("../lib/validation/benchmark-file");
  const { createUser } = await import("../lib/server/users/create-user");
  const { createApiToken } = await import("../lib/server/tokens/api-tokens");
  const { db, disconnectDb } = await import("../lib/db");
  const { closeQueues } = await import("../lib/queue/queues");
  const imported = await importBenchmark(benchmarkFileSchema.parse(demo));
  const admin = await createUser({ email: "bench-stalls-admin@example.test", role: "admin" });
  const token = await createApiToken("bench-stalls-admin@example.test", { scopes: ["submit", "read", "admin"] });

  // A public scored submission whose findings are paired with reference bugs, labelled and judged: the rows the
  // judge-quality report reads, as many as a labelling effort of a few hundred pairs leaves.
  const bugs = await db.referenceBug.findMany({
    where: { repository: { benchmarkId: imported.id } },
    select: { id: true, contentHash: true, repositoryId: true },
  });
  const submission = await db.submission.create({
    data: {
      benchmarkId: imported.id,
      submitterId: admin.id,
      model: "bench-stalls",
      scoringStatus: "scored",
      reviewStatus: "approved",
      scoredAt: new Date(),
    },
  });
  const run = await db.run.create({ data: { submissionId: submission.id, index: 0 } });
  await db.finding.createMany({
    data: Array.from({ length: LABELLED_PAIRS }, (_, i) => ({
      runId: run.id,
      repositoryId: bugs[i % bugs.length]!.repositoryId,
      ordinal: i,
      file: `src/m${i % 50}.py`,
      lineStart: 1 + i,
      lineEnd: 2 + i,
      title: `Finding ${i}`,
      description: `Finding ${i} of the stalls bench`,
      contentHash: `bench-finding-${i}`,
    })),
  });
  const findings = await db.finding.findMany({ where: { runId: run.id }, orderBy: { ordinal: "asc" } });
  const strata = ["judged_match", "judged_no_match", "filtered_out"] as const;
  const sample = await db.labelSample.create({
    data: {
      benchmarkId: imported.id,
      kind: "reference",
      seed: "bench",
      requested: LABELLED_PAIRS,
      shares: { judged_match: 0.4, judged_no_match: 0.4, filtered_out: 0.2 },
      drawn: {},
      population: { judged_match: 1_000, judged_no_match: 5_000, filtered_out: 50_000 },
      createdById: admin.id,
    },
  });
  await db.labelPair.createMany({
    data: findings.map((f, i) => ({
      sampleId: sample.id,
      benchmarkId: imported.id,
      kind: "reference",
      position: i,
      stratum: strata[i % 3]!,
      submissionId: submission.id,
      leftFindingId: f.id,
      referenceBugId: bugs[i % bugs.length]!.id,
      leftHash: f.contentHash,
      rightHash: bugs[i % bugs.length]!.contentHash,
      prefilterVersion: "1",
      embedder: "offline/bench",
    })),
  });
  const pairs = await db.labelPair.findMany({ where: { sampleId: sample.id }, orderBy: { position: "asc" } });
  await db.pairLabel.createMany({
    data: pairs.map((p, i) => ({ pairId: p.id, labelerId: admin.id, label: i % 4 === 0 ? "same" : "different" })),
  });
  await db.judgeVerdict.createMany({
    data: pairs
      .filter((p) => p.stratum !== "filtered_out")
      .map((p, i) => ({
        leftHash: p.leftHash,
        rightHash: p.rightHash,
        judgeModel: "bench-judge",
        promptVersion: "bench@1",
        match: p.stratum === "judged_match" || i % 7 === 0,
        rationale: "bench",
      })),
  });
  await closeQueues();
  let added = 0;
  return {
    token: token.token,
    // A second labeller's label of the next pair: what a maintainer labelling adds.
    addLabel: async () => {
      await db.pairLabel.create({ data: { pairId: pairs[added++]!.id, labelerId: admin.id, label: "same" } });
    },
    done: disconnectDb,
  };
}

/**
 * A fix-dates file of `rows` rows, ~100 bytes a row: each with a date that is not one (`badDates`), or each naming a
 * reference bug the version does not have (by fix commit only: the demo version has its fix dates, which a row with
 * `fixed_at` would meet with a 409 before its bug is looked up).
 */
function fixDatesFile(rows: number, badDates: boolean): string {
  const repo = demo.repositories[0]!.name;
  const items = Array.from({ length: rows }, (_, i) =>
    badDates
      ? `{"repo":"${repo}","id":"bug-${String(i).padStart(7, "0")}","fixed_at":"the day after tomorrow, at about ${i}"}`
      : `{"repo":"${repo}","id":"no-such-bug-${String(i).padStart(7, "0")}","fix_commit":"${i.toString(16).padStart(40, "0")}"}`,
  );
  return `{"fix_dates":[${items.join(",")}]}`;
}

/** The longest event-loop delay the server wrote between two times (its lines are written every 100 ms). */
function loopDelayBetween(from: number, to: number): number {
  let longest = 0;
  for (const line of readFileSync(LOOP_DELAY_FILE, "utf8").split("\n")) {
    const [at, ms] = line.split(" ").map(Number);
    if (at !== undefined && ms !== undefined && at >= from && at <= to + 200) longest = Math.max(longest, ms);
  }
  return longest;
}

/**
 * Polls /api/health every 50 ms until stopped; returns the slowest answer, and the longest the server's event loop
 * was held meanwhile (scripts/lib/loop-delay-probe.mjs: without the database round trip and the wait for a core that
 * a health answer includes), both in ms.
 */
function probeHealth(base: string): { stop: () => Promise<string> } {
  const from = Date.now();
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/health`)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return `${slowest.toFixed(0)} ms (loop held ${loopDelayBetween(from, Date.now()).toFixed(0)} ms)`;
    },
  };
}

async function idleHealth(base: string): Promise<string> {
  const probe = probeHealth(base);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  return probe.stop();
}

async function main(): Promise<void> {
  log(`database ${DATABASE_URL} (recreated)`);
  await recreateDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const { token, addLabel, done } = await seed();
  const env = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL,
    REDIS_URL,
    NEXT_DIST_DIR: DIST_DIR,
    NEXTAUTH_SECRET: "bench-stalls-only-secret-0123456789abcdef",
    RATE_LIMIT_API_WRITES: "1000",
    RATE_LIMIT_PUBLIC_READS: "100000",
    RATE_LIMIT_API_READS: "100000",
  };
  await buildForBench(DIST_DIR, env, log);
  const port = await sparePort();
  const base = `http://127.0.0.1:${port}`;
  let web: ChildProcess | undefined;
  try {
    rmSync(LOOP_DELAY_FILE, { force: true });
    const args = [...TSX_NODE_ARGS, "--import", "./scripts/lib/loop-delay-probe.mjs", "server/server.ts"];
    web = startProcess("bench-stalls-web", process.execPath, args, {
      env: { ...env, PORT: String(port), HOST: "127.0.0.1", LOOP_DELAY_FILE },
      logDir: LOG_DIR,
    });
    await waitForHttp(`${base}/api/health`, 60_000, "The web server");
    for (let i = 0; i < 20; i++) await fetch(`${base}/api/health`);
    const fixDatesUrl = `${base}/api/v1/admin/benchmarks/${encodeURIComponent(KEY)}/fix-dates`;
    const post = (body: string) =>
      fetch(fixDatesUrl, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body,
      });
    // The routes' first requests load their code and start an upload parse thread: not part of the figures.
    await (await post("{}")).arrayBuffer();
    await (await fetch(`${base}/api/v1/grading/judge-quality?benchmark=no-such-benchmark@1`)).arrayBuffer();
    log(`idle: slowest /api/health over 5 s ${await idleHealth(base)}`);

    for (const badDates of [true, false]) {
      const body = fixDatesFile(FIX_DATE_ROWS, badDates);
      const probe = probeHealth(base);
      const started = performance.now();
      const response = await post(body);
      const answer = (await response.json()) as { error?: { message: string } };
      const seconds = (performance.now() - started) / 1000;
      log(
        `(a) fix-dates file, ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(1)} MB, ${FIX_DATE_ROWS} rows ` +
          `${badDates ? "with bad dates" : "naming unknown bugs"}: ${response.status} in ${seconds.toFixed(2)} s ` +
          `(${answer.error?.message.slice(0, 70) ?? "stored"}); slowest /api/health ${await probe.stop()}`,
      );
    }

    const quality = `${base}/api/v1/grading/judge-quality?benchmark=${encodeURIComponent(KEY)}`;
    const read = async () => {
      const at = performance.now();
      const reply = await fetch(quality);
      await reply.arrayBuffer();
      if (reply.status !== 200) throw new Error(`GET /api/v1/grading/judge-quality answered ${reply.status}`);
      return performance.now() - at;
    };
    const reads = async (what: string, count: number, before?: () => Promise<void>) => {
      const probe = probeHealth(base);
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        await before?.();
        times.push(await read());
      }
      const slowest = await probe.stop();
      times.sort((x, y) => x - y);
      log(
        `(b) judge-quality, ${LABELLED_PAIRS} labelled pairs, ${what}: median ${times[Math.floor(count / 2)]!.toFixed(0)} ms, ` +
          `slowest ${times[count - 1]!.toFixed(0)} ms; slowest /api/health ${slowest}`,
      );
    };
    await reads("the first read (computed)", 1);
    await reads(`${READS} repeats (from the cache)`, READS);
    await reads(`${CHANGED_READS} reads, each after a new label (computed again)`, CHANGED_READS, addLabel);
  } finally {
    await stopProcess(web);
    await done();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
