// npm run bench:score — the scoring pipeline at full PROBE scale.
//
// `-- --runs K --findings-per-run N` scores a repeated-run submission instead (docs/performance.md: Luna's shape is 10 x 2,636,
// Muse Spark's 5 x 7,770): K runs drawn from a pool of latent findings with stable report probabilities, so runs
// share findings in their own words and cross-run merging has real work.
//
// Generates a synthetic benchmark of the real shape (20 repositories, 2,457 reference bugs, 8,285 findings in one
// run; scripts/lib/bench-generate.ts), stores it through the real import and upload code in a dedicated database,
// and runs the real scoreSubmission() twice against the fake OpenAI server (in a process of its own) with a fixed 200 ms latency:
// once cold (empty caches) and once as a rescore of the same submission with warm caches, which must make no judge
// call and reproduce every stored number (the rescore runs in a fresh process of this script, `--rescore ID`).
// Then it times the OpenAI-compatible embedding provider against the fake /embeddings. Prints the figures and a
// summary table; exits 1 when a target or a check fails.
//
// `-- --rpm N --tpm N` scores on an account with those limits instead (limited mode): the fake enforces them as providers
// document them (tests/support/fake-rate-limits.ts) and the judge is configured with them as LLM_RPM / LLM_TPM would
// be; it scores once, cold, and prints the throughput against what the binding limit allows, the refusals (429) as a
// share of calls and the failed scoring attempts. `--workers 2` has two worker processes (this script, `--score-worker`)
// score a submission each on the one account at once.
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/probebench_bench, dropped and
// recreated every run), BENCH_REDIS_URL (default redis://127.0.0.1:6379/9; createSubmission queues a scoring job
// there, which the script removes at once: the bench scores in-process so the timings are the pipeline's own).
// JUDGE_CONCURRENCY and EMBEDDING_BATCH_SIZE are read from lib/env.ts as the worker does.

import os from "node:os";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import type { PassFigures } from "./lib/bench-report";
import { startPassMonitor } from "./lib/bench-monitor";
import type { BenchLimits, LimitedServerStats } from "./lib/bench-limits";
import { canConnect, migrate, recreateDatabase } from "./lib/database";
import { TSX_NODE_ARGS, WORKER_NODE_ARGS, run } from "./lib/processes";
import { BUG_TEXT_SELECT } from "../lib/db-selects";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_bench";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/9";
// Judge throughput is measured at a fixed 200 ms judge latency.
const JUDGE_LATENCY_MS = 200;
// The bench must stop by itself: a stuck run is a failure, not a hang.
const OVERALL_TIMEOUT_MS = 60 * 60_000;

// lib/env.ts parses process.env once, at import: point it at the bench database and Redis before any lib/ import.
process.env.DATABASE_URL = DATABASE_URL;
process.env.REDIS_URL = REDIS_URL;

const { db, disconnectDb } = await import("../lib/db");
const { env } = await import("../lib/env");
const { OfflineEmbeddingProvider, OpenAiEmbeddingProvider } = await import("../lib/embeddings/provider");
const { OpenAiJudge } = await import("../lib/llm/judge");
const { closeQueues } = await import("../lib/queue/queues");
const { scoringQueue } = await import("../lib/queue/scoring-queue");
const { importBenchmark } = await import("../lib/server/benchmarks/import-benchmark");
const { createSubmission } = await import("../lib/server/submissions/create-submission");
const { embedBugs } = await import("../worker/features/scoring/embed-bugs");
const { claimSubmission } = await import("../worker/features/scoring/claim-submission");
const { scoreSubmission } = await import("../worker/features/scoring/score-submission");
const { startPrefilterThread } = await import("../worker/features/scoring/prefilter-client");
const { generateBenchmark } = await import("./lib/bench-generate");
const { checkPlantedMatches, readResultSnapshot } = await import("./lib/bench-checks");
const { checkTargets, formatPass, formatSummaryTable, summarizePass } = await import("./lib/bench-report");
const { checkLimited, formatChecks, formatLimited, limitedFigures } = await import("./lib/bench-limits");

type Fake = Awaited<ReturnType<typeof startFakeProcess>>;

/** The fake OpenAI server in its own process (scripts/lib/fake-openai-process.ts), steered over HTTP. */
async function startFakeProcess(port = 0) {
  const child = spawn(
    process.execPath,
    [...TSX_NODE_ARGS, fileURLToPath(new URL("./lib/fake-openai-process.ts", import.meta.url)), String(port)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (d: Buffer) => {
      output += d.toString();
      const match = /FAKE_OPENAI_URL (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the fake OpenAI process exited with ${code}`)));
  });
  const base = url.replace(/\/v1$/, "");
  const stats = async () =>
    (await (await fetch(`${base}/__stats`)).json()) as LimitedServerStats & { embeddingCalls: number };
  const control = async (values: Record<string, unknown>) =>
    void (await fetch(`${base}/__control`, { method: "POST", body: JSON.stringify(values) }));
  return {
    url,
    port: Number(new URL(url).port),
    stats,
    setLatency: (latencyMs: number) => control({ latencyMs }),
    /** The account's limits the fake enforces (0: none), its buckets full at first. */
    setLimits: (limits: BenchLimits) => control({ rpm: limits.rpm ?? 0, tpm: limits.tpm ?? 0, bucketStartShare: 1 }),
    chatCalls: async () => (await stats()).chatCalls,
    embeddingCalls: async () => (await stats()).embeddingCalls,
    close: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM")),
      ),
  };
}

const log = (message: string) => console.log(message);
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(2)} s`;

async function prepareStores(): Promise<void> {
  if (!(await canConnect(DATABASE_URL)))
    throw new Error(`PostgreSQL is not reachable at ${DATABASE_URL} (set BENCH_DATABASE_URL).`);
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 2_000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(
      `Redis is not reachable at ${REDIS_URL} (set BENCH_REDIS_URL); createSubmission queues a job there.`,
    );
  } finally {
    redis.disconnect();
  }
  const started = performance.now();
  await recreateDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  log(`database ${new URL(DATABASE_URL).pathname.slice(1)} recreated and migrated in ${since(started)}`);
}

function argument(name: string): number | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : undefined;
}

function textArgument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

// `--rpm N --tpm N`: the account's limits, enforced by the fake and configured for the judge as LLM_RPM / LLM_TPM
// would be; `--workers 2`: that many worker processes score a submission each on the one account (limited mode).
const LIMITS: BenchLimits = { rpm: argument("--rpm"), tpm: argument("--tpm") };
const WORKERS = argument("--workers") ?? 1;

/** Generates the benchmark and stores it through the real import and upload code; returns the submission ids. */

/** `copies` submissions of the same findings (one a worker process in `--workers` mode). */
async function storeBenchmark(copies = 1) {
  let started = performance.now();
  const generated = generateBenchmark({ runs: argument("--runs"), findingsPerRun: argument("--findings-per-run") });
  const runSizes = generated.findings.runs?.map((r) => r.findings.length) ?? [generated.findings.findings?.length ?? 0];
  log(
    `generated ${generated.benchmark.reference_bugs.length} reference bugs and ${runSizes.length} run(s) of ${runSizes.join(", ")} findings in ${since(started)}`,
  );
  started = performance.now();
  await importBenchmark(generated.benchmark);
  const submissionIds: string[] = [];
  for (let copy = 0; copy < copies; copy++) {
    const created = await createSubmission(generated.findings, null);
    // The job createSubmission queued would be picked up by any worker on this Redis db; the bench scores in-process.
    await (await scoringQueue.queue().getJob(created.id))?.remove();
    submissionIds.push(created.id);
  }
  await closeQueues();
  log(`imported the benchmark and stored submission ${submissionIds.join(", ")} in ${since(started)}`);
  return { submissionId: submissionIds[0]!, submissionIds, planted: generated.planted };
}

/**
 * Scores `submissionId` in this process against the fake at `fake.url`, with the judge `model` (part of the verdict
 * cache key: two workers with their own models share no verdict) on an account with `limits` (none: LLM_RPM / LLM_TPM).
 */
async function scorePass(
  label: string,
  submissionId: string,
  fake: Pick<Fake, "url" | "chatCalls">,
  opts: { model?: string; limits?: BenchLimits } = {},
) {
  const judge = new OpenAiJudge(opts.model ?? "fake-judge-1", {
    apiKey: "test-key",
    baseURL: fake.url,
    timeoutMs: 60_000,
    maxRetries: env.JUDGE_MAX_RETRIES,
    limits: opts.limits,
  });
  const claim = await claimSubmission(submissionId);
  if (!claim) throw new Error(`submission ${submissionId} could not be claimed`);
  const serverCallsBefore = await fake.chatCalls();
  let lastDecile = -1;
  let phasePercent = 0;
  // The worker starts its prefilter thread at startup, before its first job.
  startPrefilterThread();
  const monitor = startPassMonitor(() => phasePercent);
  const started = performance.now();
  const summary = await scoreSubmission(claim, {
    judge,
    embedder: new OfflineEmbeddingProvider(),
    concurrency: env.JUDGE_CONCURRENCY,
    budget: Number.MAX_SAFE_INTEGER,
    malformedRetries: env.JUDGE_MALFORMED_RETRIES,
    onProgress: async (percent) => {
      phasePercent = percent;
      if (Math.floor(percent / 10) === lastDecile) return;
      lastDecile = Math.floor(percent / 10);
      process.stdout.write(` ${percent}%`);
    },
  });
  const endToEndMs = performance.now() - started;
  const longestStallMs = monitor.stopAndReport(log);
  const figures = summarizePass(
    label,
    summary,
    (await fake.chatCalls()) - serverCallsBefore,
    endToEndMs,
    longestStallMs,
  );
  log(`${label}:\n${formatPass(figures)}`);
  return figures;
}

/** The OpenAI-compatible provider against the fake /embeddings, cold then cached (transport and cache cost only). */
async function measureRemoteEmbeddings(submissionId: string, fake: Fake) {
  const select = { id: true, repositoryId: true, ...BUG_TEXT_SELECT } as const;
  const findings = await db.finding.findMany({ where: { run: { submissionId } }, select });
  const refs = await db.referenceBug.findMany({ select });
  const bugs = [...refs, ...findings].map((b) => ({ ...b, repo: b.repositoryId }));
  const provider = new OpenAiEmbeddingProvider("all-minilm", {
    apiKey: "test-key",
    baseURL: fake.url,
    batchSize: env.EMBEDDING_BATCH_SIZE,
    timeoutMs: 60_000,
    retries: env.JUDGE_MAX_RETRIES,
  });
  // The fake computes no model: any latency here would be made up, so it is switched off for this measurement.
  await fake.setLatency(0);
  const callsBefore = await fake.embeddingCalls();
  let started = performance.now();
  const cold = await embedBugs(bugs, provider);
  const coldSeconds = (performance.now() - started) / 1000;
  const calls = (await fake.embeddingCalls()) - callsBefore;
  started = performance.now();
  const warm = await embedBugs(bugs, provider);
  const warmSeconds = (performance.now() - started) / 1000;
  if (warm.stats.embedded !== 0)
    throw new Error(`the embedding cache missed ${warm.stats.embedded} texts on the second pass`);
  log(
    `openai-compatible embeddings (fake /embeddings, no latency, batch ${env.EMBEDDING_BATCH_SIZE}): ` +
      `${cold.stats.embedded} texts in ${calls} requests, ${coldSeconds.toFixed(2)} s cold; ${warm.stats.cached} cached, ${warmSeconds.toFixed(2)} s warm`,
  );
  return { coldSeconds, warmSeconds, texts: cold.stats.embedded, requests: calls };
}

const RESULT_PREFIX = "BENCH_PASS_RESULT ";

/**
 * The rescore runs in a fresh process, like a worker picking the job up later: its peak RSS is its own, not the
 * leftovers of the first pass, and nothing of the first pass is warm in memory, only in the database.
 */
async function rescoreInFreshProcess(submissionId: string, fakePort: number): Promise<PassFigures> {
  const output = await run(
    process.execPath,
    [
      ...WORKER_NODE_ARGS,
      // Run under --cpu-prof (docs/performance.md), the rescoring process writes its own profile beside this one's.
      ...cpuProfileArgs(),
      fileURLToPath(import.meta.url),
      "--rescore",
      submissionId,
      "--fake-port",
      String(fakePort),
    ],
    {
      env: {
        BENCH_DATABASE_URL: DATABASE_URL,
        BENCH_REDIS_URL: REDIS_URL,
        JUDGE_CONCURRENCY: String(env.JUDGE_CONCURRENCY),
      },
      quiet: true,
    },
  );
  const lines = output.trimEnd().split("\n");
  log(lines.filter((l) => !l.startsWith(RESULT_PREFIX)).join("\n"));
  const line = lines.find((l) => l.startsWith(RESULT_PREFIX));
  if (!line) throw new Error("the rescoring process printed no result");
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as PassFigures;
}

/** This process's --cpu-prof flags with their values (`--cpu-prof-dir DIR` as well as `--cpu-prof-dir=DIR`). */
function cpuProfileArgs(): string[] {
  const args = process.execArgv;
  return args.flatMap((arg, i) => {
    if (!arg.startsWith("--cpu-prof")) return [];
    const takesValue = arg !== "--cpu-prof" && !arg.includes("=");
    return takesValue && args[i + 1] !== undefined ? [arg, args[i + 1]!] : [arg];
  });
}

/** Child mode: rescore the SAME submission, as after a maintainer override: back to queued, claim, score. */
async function rescoreMain(submissionId: string): Promise<number> {
  // The same endpoint as the first scoring: the endpoint is part of the verdict cache key.
  const fake = await startFakeProcess(argument("--fake-port"));
  await fake.setLatency(JUDGE_LATENCY_MS);
  try {
    await db.submission.update({ where: { id: submissionId }, data: { scoringStatus: "queued" } });
    const warm = await scorePass("cached rescoring", submissionId, fake);
    log(`${RESULT_PREFIX}${JSON.stringify(warm)}`);
    return 0;
  } finally {
    await fake.close();
  }
}

/** Child mode (`--workers`): a worker process scoring one submission on the limited account, like `npm run worker`. */
async function scoreWorkerMain(submissionId: string): Promise<number> {
  const url = textArgument("--fake-url")!;
  const chatCalls = async () =>
    ((await (await fetch(url.replace(/\/v1$/, "/__stats"))).json()) as { chatCalls: number }).chatCalls;
  const model = textArgument("--judge-model")!;
  const figures = await scorePass(
    `worker scoring with ${model}`,
    submissionId,
    { url, chatCalls },
    { model, limits: LIMITS },
  );
  log(`${RESULT_PREFIX}${JSON.stringify(figures)}`);
  return 0;
}

/** `workers` processes of this script scoring a submission each, at once, against the fake at `url`; their failures. */
async function scoreInWorkerProcesses(submissionIds: string[], url: string): Promise<number> {
  const outcomes = await Promise.allSettled(
    submissionIds.map((id, i) =>
      run(
        process.execPath,
        [
          ...WORKER_NODE_ARGS,
          fileURLToPath(import.meta.url),
          "--score-worker",
          id,
          "--judge-model",
          `fake-judge-worker-${i + 1}`,
          "--fake-url",
          url,
          ...(LIMITS.rpm ? ["--rpm", String(LIMITS.rpm)] : []),
          ...(LIMITS.tpm ? ["--tpm", String(LIMITS.tpm)] : []),
        ],
        {
          env: {
            BENCH_DATABASE_URL: DATABASE_URL,
            BENCH_REDIS_URL: REDIS_URL,
            JUDGE_CONCURRENCY: String(env.JUDGE_CONCURRENCY),
          },
          quiet: true,
        },
      ),
    ),
  );
  outcomes.forEach((outcome, i) => {
    const output = outcome.status === "fulfilled" ? outcome.value : String(outcome.reason);
    log(
      `worker ${i + 1}:\n${output
        .trimEnd()
        .split("\n")
        .filter((l) => !l.startsWith(RESULT_PREFIX))
        .join("\n")}`,
    );
  });
  return outcomes.filter((o) => o.status === "rejected").length;
}

/**
 * Limited mode: one cold scoring (or `--workers` processes scoring a submission each) on an account whose limits the
 * fake enforces; prints the throughput against what the binding limit allows, the refusals and the failed attempts.
 * The cached rescore and the embeddings are the unlimited bench's (they make no judge call).
 */
async function limitedMain(): Promise<number> {
  log(
    `bench:score with limits on ${os.cpus().length} CPUs, Node ${process.version}; judge latency ${JUDGE_LATENCY_MS} ms, JUDGE_CONCURRENCY ${env.JUDGE_CONCURRENCY}, ${WORKERS} worker process(es)`,
  );
  await prepareStores();
  const { submissionIds } = await storeBenchmark(WORKERS);
  const fake = await startFakeProcess();
  await fake.setLatency(JUDGE_LATENCY_MS);
  await fake.setLimits(LIMITS);
  try {
    let failed = 0;
    if (WORKERS > 1) failed = await scoreInWorkerProcesses(submissionIds, fake.url);
    else
      await scorePass("cold scoring with limits", submissionIds[0]!, fake, { limits: LIMITS }).catch(
        (error: unknown) => {
          console.error("the scoring attempt failed:", error);
          failed++;
        },
      );
    const figures = limitedFigures(await fake.stats(), LIMITS, failed);
    log(`\n${formatLimited(figures, LIMITS)}`);
    const checks = checkLimited(figures);
    log(formatChecks(checks));
    return checks.every((c) => c.met) ? 0 : 1;
  } finally {
    await fake.close();
  }
}

async function main(): Promise<number> {
  log(
    `bench:score on ${os.cpus().length} CPUs, Node ${process.version}; judge latency ${JUDGE_LATENCY_MS} ms, JUDGE_CONCURRENCY ${env.JUDGE_CONCURRENCY}`,
  );
  await prepareStores();
  const { submissionId, planted } = await storeBenchmark();
  let fake = await startFakeProcess();
  await fake.setLatency(JUDGE_LATENCY_MS);
  try {
    const cold = await scorePass("cold scoring", submissionId, fake);
    const coldResults = await readResultSnapshot(submissionId);
    const quality = await checkPlantedMatches(submissionId, planted);
    log(`planted matches found ${quality.found} / ${quality.planted}; matches not planted ${quality.unexpected}`);

    const port = fake.port;
    await fake.close();
    const warm = await rescoreInFreshProcess(submissionId, port);
    fake = await startFakeProcess(port);
    const identical = (await readResultSnapshot(submissionId)) === coldResults;
    log(`rescored results identical to the first scoring: ${identical ? "yes" : "NO"}`);

    await measureRemoteEmbeddings(submissionId, fake);

    const checks = checkTargets(cold, warm);
    checks.push({
      name: "rescore reproduces every stored number",
      target: "identical",
      measured: identical ? "identical" : "different",
      met: identical,
    });
    checks.push({
      name: "no match outside the planted ones",
      target: "0",
      measured: String(quality.unexpected),
      met: quality.unexpected === 0,
    });
    log(`\n${formatSummaryTable(cold, warm, checks)}`);
    return checks.every((c) => c.met) ? 0 : 1;
  } finally {
    await fake.close();
  }
}

const watchdog = setTimeout(() => {
  console.error(`bench:score did not finish within ${OVERALL_TIMEOUT_MS / 60_000} minutes; stopping.`);
  process.exit(2);
}, OVERALL_TIMEOUT_MS);
watchdog.unref();

const rescoreIndex = process.argv.indexOf("--rescore");
const workerSubmission = textArgument("--score-worker");
let exitCode = 1;
try {
  exitCode =
    rescoreIndex > 0
      ? await rescoreMain(process.argv[rescoreIndex + 1] ?? "")
      : workerSubmission
        ? await scoreWorkerMain(workerSubmission)
        : LIMITS.rpm !== undefined || LIMITS.tpm !== undefined
          ? await limitedMain()
          : await main();
} catch (error) {
  console.error("bench:score failed:", error);
} finally {
  await closeQueues().catch(() => undefined);
  await disconnectDb().catch(() => undefined);
}
process.exit(exitCode);
