// `npm run bench:pages`: how fast is the leaderboard HTML with 200 configurations?
//
// Seeds a dedicated database (BENCH_DATABASE_URL, default probebench_bench_pages on the local server; dropped and
// recreated) with one benchmark version (12 repositories in 3 languages) and 200 approved, scored configurations
// (some with 3 runs), builds the Next server into its own dist folder (BENCH_REUSE_BUILD=1 reuses it), starts it on a
// spare port on 127.0.0.1, checks the page really holds the first 20 of 200 rows, then loads `/` with 32 concurrent
// keep-alive clients for BENCH_SECONDS (default 20) and prints requests/s and p50/p95/p99 latency.
//
// `--via-proxy` runs the deployment's front proxy (deploy/nginx, Debian's nginx, HTTPS with a throwaway certificate)
// in front of the app and compares, with wrk at 32 connections on the same leaderboard HTML: (a) nginx serving that
// HTML as a static file, (b) the page through the proxy (its cache answers), (c) the app itself. Targets: (b) at least
// half the requests/s of (a) with p99 <= 20 ms; (c) p99 <= 250 ms. Exits non-zero when a target is missed.
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { migrate, recreateDatabase } from "./lib/database";
import { startNginx, startStaticNginx, type RunningNginx } from "./lib/nginx";
import { ROOT, TSX_NODE_ARGS, buildForBench, sparePort, startProcess, stopProcess, waitForHttp } from "./lib/processes";
import { runWrk, type WrkResult } from "./lib/wrk";
import { scoreRow } from "../worker/features/scoring/score-rows";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_bench_pages";
const CONFIGURATIONS = 200;
const CONCURRENCY = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DIST_DIR = ".next-bench-pages";
const LOG_DIR = path.join(ROOT, "test-artifacts", "logs");
const VIA_PROXY = process.argv.includes("--via-proxy");
const log = (msg: string) => console.log(`[bench:pages] ${msg}`);

// A small deterministic PRNG, so every run seeds the same numbers.
function prng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

async function seed(): Promise<void> {
  process.env.DATABASE_URL = DATABASE_URL;
  // Imported after DATABASE_URL is set: lib/env.ts reads the environment once, at import.
  const { db, disconnectDb } = await import("../lib/db");
  const { closeQueues } = await import("../lib/queue/queues");
  const { importBenchmark } = await import("../lib/server/benchmarks/import-benchmark");
  const { computeMetrics, meanScoreBreakdown, poolCounts } = await import("../lib/scoring/metrics");
  type Breakdown = ReturnType<typeof meanScoreBreakdown>;

  const languages = ["python", "typescript", "javascript"];
  const repositories = Array.from({ length: 12 }, (_, i) => ({
    name: `bench/repo-${String(i + 1).padStart(2, "0")}`,
    language: languages[i % 3]!,
    domain: `domain ${i + 1}`,
  }));
  const bugsPerRepo = repositories.map((_, i) => 8 + ((i * 7) % 13));
  const reference_bugs = repositories.flatMap((r, i) =>
    Array.from({ length: bugsPerRepo[i]! }, (_, j) => ({
      id: `${r.name}#${j}`,
      repo: r.name,
      file: `src/file${j}.py`,
      line_start: 10 + j,
      line_end: 20 + j,
      title: `Bug ${j} of ${r.name}`,
      description: `Reference bug ${j} in ${r.name}.`,
    })),
  );
  const benchmark = await importBenchmark({
    slug: "bench",
    name: "Bench",
    version: "1",
    snapshot_date: "2025-01-01",
    repositories,
    reference_bugs,
  });

  const random = prng(42);
  const efforts = ["low", "medium", "high"];
  const harnesses = ["harness-a", "harness-b"];
  const breakdownOf = (): Breakdown => {
    const repos = repositories.map((r, i) => {
      const bugs = bugsPerRepo[i]!;
      const findings = 5 + Math.floor(random() * 60);
      return {
        repo: r.name,
        language: r.language,
        ...computeMetrics({
          matched_reference_bugs: Math.floor(random() * bugs * 0.4),
          reference_bugs: bugs,
          matched_findings: Math.floor(random() * findings * 0.15),
          findings,
        }),
      };
    });
    return {
      overall: poolCounts(repos),
      languages: languages.map((language) => ({
        language,
        ...poolCounts(repos.filter((r) => r.language === language)),
      })),
      repositories: repos,
    };
  };
  const rowsOf = (submissionId: string, runId: string | null, kind: string, b: Breakdown) =>
    [
      { scope: "overall", key: "", m: b.overall },
      ...b.languages.map((l) => ({ scope: "language", key: l.language, m: l })),
      ...b.repositories.map((r) => ({ scope: "repository", key: r.repo, m: r })),
    ].map(({ scope, key, m }) => scoreRow(submissionId, runId, kind, 0, scope, key, m));

  for (let i = 0; i < CONFIGURATIONS; i++) {
    const runCount = i % 10 === 0 ? 3 : 1;
    const submission = await db.submission.create({
      data: {
        benchmarkId: benchmark.id,
        model: `Model ${String(Math.floor(i / 6) + 1).padStart(2, "0")}`,
        reasoningEffort: efforts[i % 3],
        harness: harnesses[Math.floor(i / 3) % 2],
        costUsd: Math.round(5 + random() * 900),
        reviewStatus: "approved",
        scoringStatus: "scored",
        scoringProgress: 100,
        scoredAt: new Date(),
        runs: { create: Array.from({ length: runCount }, (_, index) => ({ index })) },
      },
      include: { runs: true },
    });
    const runs = submission.runs.map(() => breakdownOf());
    await db.score.createMany({
      data: [
        ...submission.runs.flatMap((run, r) => rowsOf(submission.id, run.id, "run", runs[r]!)),
        ...rowsOf(submission.id, null, "mean", meanScoreBreakdown(runs)),
      ],
    });
    await db.judgeUsage.create({
      data: {
        submissionId: submission.id,
        judgeModel: "bench-judge",
        offlineJudge: false,
        promptVersion: "judge-match@1",
        embeddingProvider: "offline",
        embeddingModel: "bench",
        thresholds: {},
        benchmarkVersion: "bench@1",
        comparedPairs: 0,
        keptPairs: 0,
        judgeCalls: 0,
        cachedVerdicts: 0,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
      },
    });
  }
  // The import queued the version's datasheet (no worker runs here; the page under test does not read it).
  await Promise.all([disconnectDb(), closeQueues()]);
}

type Result = { latencies: number[]; bytes: number; statuses: Map<number, number> };

async function load(url: string, seconds: number, concurrency: number): Promise<Result & { elapsed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const result: Result = { latencies: [], bytes: 0, statuses: new Map() };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      // No Accept-Encoding: measures the server, not gzip (a reverse proxy usually compresses).
      const req = http.get(url, { agent }, (res) => {
        let size = 0;
        res.on("data", (chunk: Buffer) => (size += chunk.length));
        res.on("end", () => {
          result.latencies.push(performance.now() - t0);
          result.bytes += size;
          result.statuses.set(res.statusCode ?? 0, (result.statuses.get(res.statusCode ?? 0) ?? 0) + 1);
          resolve();
        });
      });
      req.on("error", reject);
    });
  const worker = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { ...result, elapsed: (performance.now() - started) / 1000 };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  log(`database ${DATABASE_URL} (recreated)`);
  await recreateDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const t = Date.now();
  await seed();
  log(`seeded ${CONFIGURATIONS} configurations in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  // One client address makes all the load: lift the per-client read limit so the bench measures rendering, not 429s.
  const env = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL,
    NEXT_DIST_DIR: DIST_DIR,
    RATE_LIMIT_PUBLIC_READS: "100000000",
  };
  await buildForBench(DIST_DIR, env, log);
  const port = await sparePort();
  let web: ChildProcess | undefined;
  try {
    web = startProcess("bench-web", process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
      env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
      logDir: LOG_DIR,
    });
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000, "The web server");
    const url = `http://127.0.0.1:${port}${process.env.BENCH_PATH ?? "/"}`;
    // A few requests first: the first ones load the page's code and the data cache.
    for (let i = 0; i < 3; i++) await fetch(url).then((r) => r.text());
    const html = await (await fetch(url)).text();
    // The HTML holds the first page of the ranking and says how many rows there are; the rest comes from the API.
    const rows = html.match(/data-row-id=/g)?.length ?? 0;
    if (!process.env.BENCH_PATH && (rows !== 20 || !html.includes(`of ${CONFIGURATIONS}`))) {
      throw new Error(
        `the leaderboard HTML holds ${rows} rows and no "of ${CONFIGURATIONS}" pager, expected the first 20 of ${CONFIGURATIONS}`,
      );
    }
    log(`page holds ${rows} rows (first page of ${CONFIGURATIONS}), ${(html.length / 1024).toFixed(0)} KiB of HTML`);

    if (VIA_PROXY) await compareWithProxy(port, html);
    else await loadWithNode(port, url);
  } finally {
    await stopProcess(web);
  }
}

// The plain bench: the app alone, loaded by a Node client.
async function loadWithNode(port: number, url: string): Promise<void> {
  await load(url, 3, CONCURRENCY); // warm-up
  const r = await load(url, SECONDS, CONCURRENCY);
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const p99 = percentile(sorted, 99);
  console.log("");
  console.log(
    `GET / (leaderboard HTML, ${CONFIGURATIONS} configurations), ${CONCURRENCY} concurrent clients, ${r.elapsed.toFixed(1)} s on 127.0.0.1`,
  );
  console.log(`  requests     ${sorted.length} (${[...r.statuses].map(([s, n]) => `${s}: ${n}`).join(", ")})`);
  console.log(`  requests/s   ${(sorted.length / r.elapsed).toFixed(1)}`);
  console.log(
    `  latency ms   p50 ${p50.toFixed(1)}   p95 ${p95.toFixed(1)}   p99 ${p99.toFixed(1)}   max ${sorted[sorted.length - 1]!.toFixed(1)}`,
  );
  console.log(`  throughput   ${(r.bytes / r.elapsed / 1024 / 1024).toFixed(1)} MiB/s`);
  // The app alone renders every request (CSP nonces); repeats are the front proxy's to serve (--via-proxy).
  console.log(`  target       p99 <= 250 ms: ${p99 <= 250 ? "met" : "NOT met"}`);

  // For information: the JSON the page fetches after hydration (all 200 rows), same load.
  const api = `http://127.0.0.1:${port}/api/v1/leaderboard?benchmark=bench@1`;
  const a = await load(api, Math.min(SECONDS, 10), CONCURRENCY);
  const as = [...a.latencies].sort((x, y) => x - y);
  console.log(
    `GET /api/v1/leaderboard (JSON, all ${CONFIGURATIONS} rows, ${(a.bytes / as.length / 1024).toFixed(0)} KiB): ${(as.length / a.elapsed).toFixed(1)} requests/s, p50 ${percentile(as, 50).toFixed(1)} ms, p95 ${percentile(as, 95).toFixed(1)} ms`,
  );
}

// The side-by-side of --via-proxy: static file, through the proxy, straight to the app, each loaded alone.
async function compareWithProxy(port: number, html: string): Promise<void> {
  let staticServer: RunningNginx | undefined;
  let proxy: RunningNginx | undefined;
  try {
    staticServer = await startStaticNginx(html);
    proxy = await startNginx({ upstream: `127.0.0.1:${port}`, uploadMaxBytes: 50 * 1024 * 1024, accessLog: true });
    const targets: { name: string; url: string }[] = [
      { name: "(a) nginx, static file", url: `${staticServer.httpsUrl}/` },
      { name: "(b) through the proxy", url: `${proxy.httpsUrl}/` },
      { name: "(c) straight to the app", url: `http://127.0.0.1:${port}/` },
    ];
    const results: { name: string; result: WrkResult; load: string }[] = [];
    for (const target of targets) {
      await runWrk(target.url, { connections: CONCURRENCY, seconds: 3 }); // warm-up (and fills the proxy's cache)
      const load = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ");
      results.push({
        name: target.name,
        result: await runWrk(target.url, { connections: CONCURRENCY, seconds: SECONDS }),
        load,
      });
    }
    const statuses = cacheStatuses(readFileSync(path.join(proxy.dir, "access.log"), "utf8"));

    console.log("");
    console.log(
      `GET / (leaderboard HTML, ${CONFIGURATIONS} configurations, ${(html.length / 1024).toFixed(0)} KiB), wrk, ${CONCURRENCY} connections, ${SECONDS} s each, ${os.cpus().length} cores`,
    );
    console.log(
      `  ${"".padEnd(26)} ${"requests/s".padStart(11)} ${"p50 ms".padStart(8)} ${"p90 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"max ms".padStart(8)}   load avg before`,
    );
    for (const { name, result: r, load } of results) {
      const problems = [r.errors ? `socket errors ${r.errors}` : "", r.non2xx ? `${r.non2xx} non-2xx` : ""]
        .filter(Boolean)
        .join(", ");
      console.log(
        `  ${name.padEnd(26)} ${r.rps.toFixed(0).padStart(11)} ${r.p50.toFixed(1).padStart(8)} ${r.p90.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(0).padStart(8)}   ${load}${problems ? `   ${problems}` : ""}`,
      );
    }
    console.log(`  proxy cache statuses: ${[...statuses].map(([k, n]) => `${k} ${n}`).join(", ")}`);
    const [a, b, c] = results.map((x) => x.result) as [WrkResult, WrkResult, WrkResult];
    const checks = [
      {
        what: "(b) requests/s >= 50% of (a)",
        ok: b.rps >= 0.5 * a.rps,
        value: `${((100 * b.rps) / a.rps).toFixed(0)}%`,
      },
      { what: "(b) p99 <= 20 ms", ok: b.p99 <= 20, value: `${b.p99.toFixed(1)} ms` },
      { what: "(c) p99 <= 250 ms", ok: c.p99 <= 250, value: `${c.p99.toFixed(1)} ms` },
    ];
    for (const check of checks) console.log(`  target ${check.what}: ${check.value}, ${check.ok ? "met" : "NOT met"}`);
    if (checks.some((x) => !x.ok)) process.exitCode = 1;
  } finally {
    await proxy?.stop();
    await staticServer?.stop();
  }
}

/** Counts of the cache= field of the proxy's access log (HIT, MISS, UPDATING, STALE, ...). */
function cacheStatuses(accessLog: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of accessLog.matchAll(/ cache=(\S+)/g)) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  return counts;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
