// npm run bench:panel-attribution — panel validation and bug-type attribution at a realistic size (docs/panel-and-attribution.md).
//
// Imports the demo benchmark (4 repositories, 39 reference bugs, with its taxonomy) into a scratch database, stores a
// scored submission of RUNS x FINDINGS synthetic findings (default 3 x 400, none with a category), and runs the real
// runPanel() (100 findings per run, two tier 1 judges, a tier 2 judge), attributeBugs() and attributeReferences() (the
// version's reference bugs, same classifier) in-process against the fake OpenAI server at a fixed 200 ms latency;
// then runs each again, which must make no LLM call and leave every row as it was. Prints wall time, LLM calls and calls per second. PANEL_CONCURRENCY / ATTRIBUTION_CONCURRENCY are
// read from lib/env.ts as the worker does. Environment: BENCH_DATABASE_URL (default
// postgresql://postgres@127.0.0.1:5432/probebench_bench_panel_attribution, dropped and recreated every run).

import { readFileSync } from "node:fs";
import { canConnect, migrate, recreateDatabase } from "./lib/database";

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_bench_panel_attribution";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FINDINGS = Number(process.env.BENCH_FINDINGS_PER_RUN ?? 400);
const LATENCY_MS = 200;
process.env.DATABASE_URL = DATABASE_URL;

const { db, disconnectDb } = await import("../lib/db");
const { env } = await import("../lib/env");
const { bugContentHash } = await import("../lib/validation/bug-content-hash");
const { StructuredClient } = await import("../lib/llm/structured-client");
const { importBenchmark } = await import("../lib/server/benchmarks/import-benchmark");
const { benchmarkFileSchema } = await import("../lib/validation/benchmark-file");
const { attributeBugs } = await import("../worker/features/attribution/attribute-bugs");
const { attributeReferences } = await import("../worker/features/attribution/attribute-references");
const { attributionAsking } = await import("../lib/llm/attribution-classifier");
const { readTaxonomy } = await import("../lib/attribution/taxonomy");
const { claimPanelAttribution } = await import("../worker/shared/claim-panel-attribution");
const { runPanel } = await import("../worker/features/panel/run-panel");
const { startFakeOpenAi } = await import("../tests/support/fake-openai");

if (!(await canConnect(DATABASE_URL))) throw new Error(`PostgreSQL is not reachable at ${DATABASE_URL}`);
await recreateDatabase(DATABASE_URL);
await migrate(DATABASE_URL);
const fake = await startFakeOpenAi();
fake.control.latencyMs = LATENCY_MS;
// The fake accepts only its own test key.
const authed = () =>
  new StructuredClient({
    apiKey: "test-key",
    baseURL: fake.url,
    timeoutMs: 30_000,
    maxRetries: 6,
    malformedRetries: 2,
  });

const file = benchmarkFileSchema.parse(JSON.parse(readFileSync("data/demo/benchmark.json", "utf8")));
await importBenchmark(file);
const benchmark = await db.benchmark.findFirstOrThrow({ where: { slug: file.slug }, include: { repositories: true } });
const submission = await db.submission.create({
  data: { benchmarkId: benchmark.id, model: "Bench agent", scoringStatus: "scored", reviewStatus: "approved" },
});
const words = [
  "token",
  "buffer",
  "parser",
  "page",
  "font",
  "graph",
  "cursor",
  "offset",
  "stream",
  "header",
  "glyph",
  "table",
];
for (let r = 0; r < RUNS; r++) {
  const run = await db.run.create({ data: { submissionId: submission.id, index: r } });
  const data = Array.from({ length: FINDINGS }, (_, i) => {
    const repo = benchmark.repositories[(i * 7 + r) % benchmark.repositories.length]!;
    const w = (k: number) => words[(i * k + r) % words.length]!;
    const text = {
      file: `src/${w(3)}.py`,
      lineStart: 10 + (i % 50),
      lineEnd: 14 + (i % 50),
      title: `${w(1)} ${w(5)} mishandled in case ${i} (run ${r})`,
      description: `The ${w(2)} handler drops the ${w(7)} when input ends early (${i}/${r}).`,
      codeSnippet: `def f_${i}(x):\n    return x.${w(11)}`,
    };
    return { runId: run.id, repositoryId: repo.id, ordinal: i, ...text, contentHash: bugContentHash(text) };
  });
  await db.finding.createMany({ data });
}
const [judges, tier2] = [["bench-panel-a", "bench-panel-b"], "bench-panel-tier2"];

async function timed<T>(what: string, work: () => Promise<T>) {
  const before = fake.stats.chatCalls;
  const started = Date.now();
  const result = await work();
  const seconds = (Date.now() - started) / 1000;
  const calls = fake.stats.chatCalls - before;
  console.log(
    `${what}: ${seconds.toFixed(1)} s, ${calls} LLM calls${calls ? `, ${(calls / seconds).toFixed(1)} calls/s` : ""}`,
  );
  return { result, seconds, calls };
}

// Every run sampled (an admin's explicit choice), so the load is 3 x 100 findings as the table in the docs reports.
const panelRun = await db.panelRun.create({
  data: { submissionId: submission.id, seed: "bench", sampleSize: 100, runs: "all", judges, tier2Judge: tier2 },
});
const panelRows = async () =>
  JSON.stringify(await db.panelReview.findMany({ where: { panelRunId: panelRun.id }, orderBy: { id: "asc" } })) +
  JSON.stringify(await db.panelSample.findMany({ where: { panelRunId: panelRun.id }, orderBy: { id: "asc" } }));
const config = { judges, tier2Judge: tier2, contextModel: "bench-context" };
const cold = await timed(`panel, cold (${RUNS} x 100 sampled, concurrency ${env.PANEL_CONCURRENCY})`, async () =>
  runPanel((await claimPanelAttribution("panel", panelRun.id))!, {
    client: authed(),
    config,
    concurrency: env.PANEL_CONCURRENCY,
  }),
);
const panelBefore = await panelRows();
await db.panelRun.update({ where: { id: panelRun.id }, data: { status: "queued" } });
const warm = await timed("panel, rerun", async () =>
  runPanel((await claimPanelAttribution("panel", panelRun.id))!, {
    client: authed(),
    config,
    concurrency: env.PANEL_CONCURRENCY,
  }),
);
const panelSame = (await panelRows()) === panelBefore;

const attribution = await db.attributionRun.create({
  data: { submissionId: submission.id, model: "bench-attribution" },
});
const attributionRows = async () => JSON.stringify(await db.bugTypeAttribution.findMany({ orderBy: { id: "asc" } }));
const aCold = await timed(
  `attribution, cold (${RUNS * FINDINGS} findings, concurrency ${env.ATTRIBUTION_CONCURRENCY})`,
  async () =>
    attributeBugs((await claimPanelAttribution("attribution", attribution.id))!, {
      client: authed(),
      model: "bench-attribution",
      concurrency: env.ATTRIBUTION_CONCURRENCY,
    }),
);
const attributionBefore = await attributionRows();
await db.attributionRun.update({ where: { id: attribution.id }, data: { status: "queued" } });
const aWarm = await timed("attribution, rerun", async () =>
  attributeBugs((await claimPanelAttribution("attribution", attribution.id))!, {
    client: authed(),
    model: "bench-attribution",
    concurrency: env.ATTRIBUTION_CONCURRENCY,
  }),
);
const attributionSame = (await attributionRows()) === attributionBefore;

// The version's reference bugs, labelled by the same configuration (its row as the worker's would be).
const asking = attributionAsking(readTaxonomy(benchmark.taxonomy)!, authed());
const references = await db.referenceAttributionRun.create({
  data: {
    benchmarkId: benchmark.id,
    model: "bench-attribution",
    promptHash: asking.promptHash,
    taxonomyHash: asking.taxHash,
  },
});
const referenceDeps = { client: authed(), concurrency: env.ATTRIBUTION_CONCURRENCY };
const rCold = await timed(`reference bugs, cold (${file.reference_bugs.length})`, async () =>
  attributeReferences((await claimPanelAttribution("reference-attribution", references.id))!, referenceDeps),
);
const referencesBefore = await attributionRows();
await db.referenceAttributionRun.update({ where: { id: references.id }, data: { status: "queued" } });
const rWarm = await timed("reference bugs, rerun", async () =>
  attributeReferences((await claimPanelAttribution("reference-attribution", references.id))!, {
    ...referenceDeps,
    client: authed(),
  }),
);
const referencesSame = (await attributionRows()) === referencesBefore;

const panel = await db.panelRun.findUniqueOrThrow({ where: { id: panelRun.id } });
console.log(
  `panel: ${cold.result.sampled} sampled, ${panel.judgeCalls} verdicts stored; rerun asked ${warm.result.asked}, rows identical: ${panelSame}`,
);
console.log(
  `attribution: ${aCold.result.classified} classified (${aCold.result.asked} asked, ${aCold.result.cached} shared/cached), ${aCold.result.selfReported} self-reported; rerun asked ${aWarm.result.asked}, rows identical: ${attributionSame}`,
);
console.log(
  `reference bugs: ${rCold.result.classified} classified (${rCold.result.asked} asked); rerun asked ${rWarm.result.asked}, rows identical: ${referencesSame}`,
);
await fake.close();
await disconnectDb();
const ok = warm.calls === 0 && aWarm.calls === 0 && rWarm.calls === 0 && panelSame && attributionSame && referencesSame;
console.log(ok ? "all checks passed" : "A CHECK FAILED");
process.exit(ok ? 0 : 1);
