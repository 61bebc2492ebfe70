// `npm run bench:upload`: what the worst 50 MB uploads cost the web server.
//
// Recreates a dedicated database (BENCH_DATABASE_URL, default probebench_bench_upload) with the demo benchmark and
// three users, builds the web app into its own dist folder (BENCH_REUSE_BUILD=1 reuses it), starts server/server.ts on
// a spare port with the default limits (50 MB uploads, 100 MB parse budget), then posts one file of each hostile
// shape, each ~50 MB, and the worst SARIF logs (amplifying placeholders and rule texts; BENCH_ONLY_SARIF=1 sends only
// those), and for each prints the status, the seconds to the answer, the server's resident memory
// before and at its peak (VmHWM, reset before each upload), the slowest /api/health answer while the upload was
// processed, and the server's longest event-loop delay meanwhile (scripts/lib/loop-delay-probe.mjs: how long the loop
// was held, without the database round trip and the wait for a core a health answer includes). Then the largest
// valid benchmark file an admin may import (200,000 reference bugs, ~50 MB; BENCH_ONLY_BENCHMARK=1 sends only that),
// and last, two of the largest valid findings files at once.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrate, recreateDatabase } from "./lib/database";
import { ROOT, stopProcess } from "./lib/processes";
import { loopDelayBetween, probeHealth, startBenchWeb } from "./lib/bench-web";
import { seedDemoBenchmark } from "./lib/bench-seed";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_bench_upload";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/12";
// BENCH_DIST_DIR: another production build of the same code to reuse with BENCH_REUSE_BUILD=1 (e.g. the tests' one)
const DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench-upload";
const LOG_DIR = path.join(ROOT, "test-artifacts", "logs");
const LOOP_DELAY_FILE = path.join(LOG_DIR, "bench-upload-loop-delay.txt");
const SIZE = 50 * 1024 * 1024 - 4096;
const log = (msg: string) => console.log(`[bench:upload] ${msg}`);

const demo = JSON.parse(readFileSync(path.join(ROOT, "data/demo/benchmark.json"), "utf8")) as {
  slug: string;
  version: string;
  repositories: { name: string }[];
};
const REPO = demo.repositories[0]!.name;
const head = `{"benchmark":"${demo.slug}@${demo.version}","model":"bench","findings":`;

/** Items joined into a findings array until the file is `SIZE` bytes. */
function arrayFile(item: (i: number) => string, count?: number): string {
  const parts: string[] = [];
  let bytes = head.length + 2;
  for (let i = 0; count === undefined ? bytes < SIZE : i < count; i++) {
    const s = item(i);
    parts.push(s);
    bytes += s.length + 1;
  }
  return `${head}[${parts.join(",")}]}`;
}

/** A file of `runs` runs of `perRun` findings each (the per-run cap is 20,000 findings). */
function runsFile(item: (i: number) => string, runs: number, perRun: number): string {
  const parts: string[] = [];
  for (let r = 0; r < runs; r++)
    parts.push(`{"findings":[${Array.from({ length: perRun }, (_, i) => item(r * perRun + i)).join(",")}]}`);
  return `{"benchmark":"${demo.slug}@${demo.version}","model":"bench","runs":[${parts.join(",")}]}`;
}

function validFinding(i: number, padTo: number): string {
  const base = {
    id: `f${i}`,
    repo: REPO,
    file: `src/m${i % 50}.py`,
    line_start: 1 + (i % 400),
    line_end: 3 + (i % 400),
    title: `Finding ${i}`,
    description: "",
  };
  const bare = JSON.stringify(base).length;
  return JSON.stringify({ ...base, description: `d${"x".repeat(Math.max(1, padTo - bare - 1))}` });
}

const SHAPES: { name: string; make: () => string }[] = [
  { name: "many empty objects ({} x 17M)", make: () => arrayFile(() => "{}") },
  { name: "many tiny valid findings (470k)", make: () => arrayFile((i) => validFinding(i, 100)) },
  {
    name: "200,000 broken findings (the limit, all invalid)",
    make: () => arrayFile((i) => `{"repo":${i},"pad":"${"x".repeat(200)}"}`, 200_000),
  },
  {
    name: "one giant string (50 MB description)",
    make: () =>
      `${head}[${JSON.stringify({ repo: REPO, file: "a.py", line_start: 1, line_end: 1, title: "t", description: "x".repeat(SIZE - 200) })}]}`,
  },
  { name: "deep nesting ([ x 25M)", make: () => `${head}${"[".repeat(SIZE / 2)}${"]".repeat(SIZE / 2)}}` },
  {
    name: "one object with 4M keys",
    make: () => `${head}[{${Array.from({ length: Math.floor(SIZE / 13) }, (_, i) => `"k${i}":0`).join(",")}}]}`,
  },
  {
    name: "200,000 valid findings in 10 runs (the largest valid file)",
    make: () => runsFile((i) => validFinding(i, Math.floor(SIZE / 200_000) - 1), 10, 20_000),
  },
];

/** A valid benchmark file of `bugs` reference bugs over 20 repositories, padded to about `SIZE` bytes. */
function benchmarkFile(bugs: number): string {
  const repositories = Array.from({ length: 20 }, (_, r) => ({ name: `bench/r${r}`, language: "python" }));
  const padTo = Math.floor((SIZE - 2_000) / bugs) - 1;
  const items = Array.from({ length: bugs }, (_, i) => {
    const base = {
      id: `b${i}`,
      repo: `bench/r${i % 20}`,
      file: `src/m${i % 50}.py`,
      line_start: 1 + (i % 400),
      line_end: 3 + (i % 400),
      title: `Reference bug ${i}`,
      description: "",
    };
    const bare = JSON.stringify(base).length;
    return JSON.stringify({ ...base, description: `d${"x".repeat(Math.max(1, padTo - bare - 1))}` });
  });
  const head = { slug: "bench-import", name: "Bench import", version: "1", snapshot_date: "2025-01-01", repositories };
  return `${JSON.stringify(head).slice(0, -1)},"reference_bugs":[${items.join(",")}]}`;
}

// SARIF logs that amplify in conversion: `{0}` placeholders filled with a long argument, and a rule's long texts
// named by every result. Each is sent as application/sarif+json with `query`.
type SarifShape = { name: string; query: string; make: () => string };
const sarifLog = (run: unknown) => JSON.stringify({ version: "2.1.0", runs: [run] });
const sarifResult = (message: unknown, extra: Record<string, unknown> = {}) => ({
  ruleId: "r",
  message,
  locations: [{ physicalLocation: { artifactLocation: { uri: "tinysql/parser.py" }, region: { startLine: 1 } } }],
  ...extra,
});
const SARIF_QUERY = `?benchmark=${demo.slug}@${demo.version}&repo=${REPO}`;
const SARIF_SHAPES: SarifShape[] = [
  {
    name: 'SARIF: 2 results of "{0}" x 50,000, 5,000-char argument, unknown benchmark',
    query: "?benchmark=no-such-benchmark",
    make: () =>
      sarifLog({
        tool: { driver: { name: "T" } },
        results: [0, 1].map(() => sarifResult({ text: "{0}".repeat(50_000), arguments: ["a".repeat(5_000)] })),
      }),
  },
  {
    name: 'SARIF: 2 results of "{0}" x 50,000, 5,000-char argument',
    query: SARIF_QUERY,
    make: () =>
      sarifLog({
        tool: { driver: { name: "T" } },
        results: [0, 1].map(() => sarifResult({ text: "{0}".repeat(50_000), arguments: ["a".repeat(5_000)] })),
      }),
  },
  {
    name: 'SARIF: results of "{0}" x 100,000 (5,000-char argument) up to 50 MB',
    query: SARIF_QUERY,
    make: () => {
      const one = JSON.stringify(sarifResult({ text: "{0}".repeat(100_000), arguments: ["a".repeat(5_000)] }));
      const count = Math.floor((SIZE - 200) / (one.length + 1));
      return `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"T"}},"results":[${Array(count).fill(one).join(",")}]}]}`;
    },
  },
  {
    name: "SARIF: ~150,000 results naming a rule with 1 MB message, help and fix texts",
    query: SARIF_QUERY,
    make: () => {
      const big = "m".repeat(1_000_000);
      const rule = {
        id: "r",
        shortDescription: { text: big },
        help: { text: big },
        messageStrings: { m: { text: big } },
      };
      const one = JSON.stringify(sarifResult({ id: "m" }, { fixes: Array(5).fill({ description: { id: "m" } }) }));
      const count = Math.min(200_000, Math.floor((SIZE - 3_100_000) / (one.length + 1)));
      return `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"T","rules":[${JSON.stringify(rule)}]}},"results":[${Array(count).fill(one).join(",")}]}]}`;
    },
  },
  {
    name: "SARIF: 150,000 valid results, absolute paths (~40 MB, stored)",
    query: SARIF_QUERY,
    make: () => {
      const results = Array.from({ length: 150_000 }, (_, i) =>
        JSON.stringify({
          ruleId: `r${i % 50}`,
          message: { text: `Finding ${i} ${"d".repeat(60)}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: `file:///ci/checkout/tinysql/tinysql/m${i % 50}.py` },
                region: { startLine: 1 + (i % 400), endLine: 3 + (i % 400) },
              },
            },
          ],
        }),
      );
      // 20 runs over the same repository: 20 runs of 10,000 results (the per-run cap is 20,000 findings)
      const runs = Array.from(
        { length: 20 },
        (_, r) =>
          `{"tool":{"driver":{"name":"T"}},"results":[${results.slice(r * 10_000, (r + 1) * 10_000).join(",")}]}`,
      );
      return `{"version":"2.1.0","runs":[${runs.join(",")}]}`;
    },
  },
];

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

function resetPeak(pid: number): void {
  // Linux: writing 5 to clear_refs resets the peak resident set size (VmHWM) to the current one.
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function seed(): Promise<{ tokens: string[]; admin: string }> {
  const { adminToken } = await seedDemoBenchmark(DATABASE_URL, REDIS_URL, "bench-upload-admin@example.test");
  const { createUser } = await import("../lib/server/users/create-user");
  const { createApiToken } = await import("../lib/server/tokens/api-tokens");
  const { disconnectDb } = await import("../lib/db");
  const { closeQueues } = await import("../lib/queue/queues");
  const tokens: string[] = [];
  for (let i = 0; i < 3; i++) {
    const email = `bench-upload-${i}@example.test`;
    await createUser({ email, role: "user" });
    tokens.push((await createApiToken(email)).token);
  }
  await Promise.all([disconnectDb(), closeQueues()]);
  return { tokens, admin: adminToken };
}

/** Where a shape is posted: the findings route (`query` makes it a SARIF upload) or the admin benchmark import. */
type Target = { query?: string; benchmark?: boolean };

async function upload(
  base: string,
  token: string,
  body: string,
  target: Target = {},
): Promise<{ status: number; seconds: number; answer: string }> {
  const started = performance.now();
  const route = target.benchmark ? "/api/v1/admin/benchmarks" : `/api/v1/submissions${target.query ?? ""}`;
  const response = await fetch(`${base}${route}`, {
    method: "POST",
    headers: {
      "content-type": target.query === undefined ? "application/json" : "application/sarif+json",
      authorization: `Bearer ${token}`,
    },
    body,
  });
  const text = await response.text();
  let answer = text.slice(0, 120);
  try {
    const json = JSON.parse(text) as {
      id?: string;
      reference_bugs?: number;
      error?: { message: string; issues?: unknown[] };
    };
    answer = json.error
      ? `${json.error.message} (${json.error.issues?.length ?? 0} issues listed)`
      : `id ${json.id}${json.reference_bugs === undefined ? "" : `, ${json.reference_bugs} reference bugs`}`;
  } catch {
    /* not JSON */
  }
  return { status: response.status, seconds: (performance.now() - started) / 1000, answer };
}

function printRows(rows: string[][]): void {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  console.log("");
  for (const row of rows)
    console.log(
      `  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ")}`,
    );
}

async function main(): Promise<void> {
  log(`database ${DATABASE_URL} (recreated)`);
  await recreateDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const { tokens, admin } = await seed();
  const env = {
    DATABASE_URL,
    REDIS_URL,
    NEXTAUTH_SECRET: "bench-upload-only-secret-0123456789abcdef",
    SUBMISSION_QUOTA_PER_DAY: "1000",
  };
  const { web, base } = await startBenchWeb("bench-upload", env, {
    distDir: DIST_DIR,
    logDir: LOG_DIR,
    loopDelayFile: LOOP_DELAY_FILE,
    log,
  });
  try {
    const pid = web.pid!;
    for (let i = 0; i < 20; i++) await fetch(`${base}/api/health`);
    // The upload route's first request loads its code and starts an upload parse thread: not part of any shape.
    await upload(base, tokens[0]!, "{}");
    await upload(base, admin, "{}", { benchmark: true });
    const rows: string[][] = [
      ["shape", "bytes", "status", "s", "RSS before", "peak RSS", "peak - before", "slowest health", "loop held"],
    ];
    const onlySarif = process.env.BENCH_ONLY_SARIF === "1";
    const onlyBenchmark = process.env.BENCH_ONLY_BENCHMARK === "1";
    const benchmarkShape = {
      name: "benchmark file: 200,000 valid reference bugs (imported)",
      benchmark: true,
      make: () => benchmarkFile(200_000),
    };
    const shapes: ({ name: string; make: () => string } & Target)[] = onlySarif
      ? SARIF_SHAPES
      : onlyBenchmark
        ? [benchmarkShape]
        : [...SHAPES, ...SARIF_SHAPES, benchmarkShape];
    for (const shape of shapes) {
      let body: string | undefined = shape.make();
      const bytes = Buffer.byteLength(body);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      resetPeak(pid);
      const before = memory(pid).rss;
      const probe = probeHealth(base);
      const from = Date.now();
      const result = await upload(base, shape.benchmark ? admin : tokens[0]!, body, shape);
      const held = loopDelayBetween(LOOP_DELAY_FILE, from, Date.now());
      body = undefined;
      const slowest = await probe.stop();
      const { peak } = memory(pid);
      log(`${shape.name}: ${result.status} in ${result.seconds.toFixed(2)} s: ${result.answer}`);
      rows.push([
        shape.name,
        mb(bytes),
        String(result.status),
        result.seconds.toFixed(2),
        mb(before),
        mb(peak),
        mb(peak - before),
        `${slowest.toFixed(0)} ms`,
        `${held.toFixed(0)} ms`,
      ]);
    }
    // Two of the largest valid files at once, from two users: what the default 100 MB parse budget admits.
    if (onlySarif || onlyBenchmark) return printRows(rows);
    const largest = SHAPES[SHAPES.length - 1]!.make();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    resetPeak(pid);
    const before = memory(pid).rss;
    const probe = probeHealth(base);
    const started = performance.now();
    const from = Date.now();
    const both = await Promise.all([upload(base, tokens[1]!, largest), upload(base, tokens[2]!, largest)]);
    const held = loopDelayBetween(LOOP_DELAY_FILE, from, Date.now());
    const slowest = await probe.stop();
    const { peak } = memory(pid);
    rows.push([
      "two largest valid files at once",
      `2 x ${mb(Buffer.byteLength(largest))}`,
      both.map((b) => b.status).join("+"),
      ((performance.now() - started) / 1000).toFixed(2),
      mb(before),
      mb(peak),
      mb(peak - before),
      `${slowest.toFixed(0)} ms`,
      `${held.toFixed(0)} ms`,
    ]);
    printRows(rows);
  } finally {
    await stopProcess(web);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
