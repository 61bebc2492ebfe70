// `npm run demo`: the whole app with demo data at http://localhost:3000 (web + worker), starting a local PostgreSQL
// and Redis where DATABASE_URL / REDIS_URL are not set. Runs without an LLM API key (the offline judge is used and
// labelled). Pass --dev to run `next dev` instead of a production build.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { ensureDatabase, migrate } from "./lib/database";
import { DEMO_EMAIL, DEMO_PASSWORD, demoBanner, planDemo, type DemoPlan } from "./lib/demo-plan";
import { startEmbeddedPostgres, startLocalRedis, type LocalPostgres } from "./lib/local-services";
import { ROOT, TSX_NODE_ARGS, WORKER_NODE_ARGS, run, startProcess, stopProcess, waitForHttp } from "./lib/processes";
import { formatUtc } from "../lib/format";

const log = (msg: string) => console.log(`[demo] ${msg}`);

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const port = Number(process.env.PORT ?? 3000);
  // Decided before DATABASE_URL is set to the embedded database below.
  const plan = planDemo(process.env.DATABASE_URL);
  let localPg: LocalPostgres | undefined;
  const children: ChildProcess[] = [];
  const services: ChildProcess[] = [];

  // In order: web and worker first (together, so neither is left running alone), then the services they use. A
  // worker whose Redis had already gone waited on reconnects; each step is bounded (stopProcess kills after 10 s).
  const shutdown = async (code: number) => {
    log("stopping ...");
    await Promise.all(children.map((child) => stopProcess(child)));
    await Promise.all(services.map((child) => stopProcess(child)));
    if (localPg) await localPg.stop().catch(() => undefined);
    log("stopped");
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  try {
    if (plan.embeddedDatabase) {
      localPg = await startEmbeddedPostgres(log);
      process.env.DATABASE_URL = localPg.url;
    } else {
      log("Using DATABASE_URL from the environment: importing the demo data, but no demo admin or API token");
    }
    await ensureDatabase(process.env.DATABASE_URL!);
    if (!process.env.REDIS_URL) {
      const redis = await startLocalRedis(log);
      if (redis.process) services.push(redis.process);
      process.env.REDIS_URL = redis.url;
    } else {
      log("Using REDIS_URL from the environment");
    }
    process.env.NEXT_TELEMETRY_DISABLED = "1";

    log("Applying migrations ...");
    log((await migrate(process.env.DATABASE_URL!)).trim());
    const token = await seedDemoData(plan);

    if (!process.env.OPENAI_API_KEY && !process.env.OPENAI_BASE_URL)
      log(
        "No OPENAI_API_KEY or OPENAI_BASE_URL: scores use the offline judge and are labelled as such; panel validation and bug-type attribution stay off (docs/operating.md shows how to turn them on with a local model server).",
      );
    const env = {
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? demoSecret(),
      // Webhooks to receivers on this machine (the SSRF guard would refuse them); the key is kept like the secret.
      WEBHOOK_SECRET_KEY: process.env.WEBHOOK_SECRET_KEY ?? demoWebhookKey(),
      WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE ?? "true",
    };
    const logDir = path.join(ROOT, ".data", "logs");
    children.push(
      startProcess("worker", process.execPath, [...WORKER_NODE_ARGS, "worker/index.ts"], { env, logDir, echo: true }),
    );
    if (dev) {
      children.push(
        startProcess("web", process.execPath, [...TSX_NODE_ARGS, "server/server.ts", "--dev"], {
          env,
          logDir,
          echo: true,
        }),
      );
    } else {
      log("Building the web app (next build, about a minute) ...");
      await run(process.execPath, ["node_modules/next/dist/bin/next", "build"], { env, quiet: true });
      children.push(
        startProcess("web", process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
          env: { ...env, NODE_ENV: "production" },
          logDir,
          echo: false,
        }),
      );
    }
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 180_000, "The web server");
    console.log(demoBanner(plan, { port, token }).join("\n"));
  } catch (error) {
    console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

/** A session-signing secret for the demo, generated once and kept in .data/ so sign-ins survive restarts. */
function demoSecret(name = "nextauth-secret", make = () => randomBytes(32).toString("base64url")): string {
  const file = path.join(ROOT, ".data", name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The demo's webhook key, base64; a key an older demo kept in hex is the same 32 bytes, so its secrets still open. */
function demoWebhookKey(): string {
  const kept = demoSecret("webhook-secret-key", () => randomBytes(32).toString("base64"));
  return /^[0-9a-f]{64}$/i.test(kept) ? Buffer.from(kept, "hex").toString("base64") : kept;
}

/**
 * Imports the demo benchmark and three demo submissions (approved), once; in the demo's own database also a demo admin
 * (who owns the submissions) with a new API token, returned. In a configured database the submissions have no owner.
 */
async function seedDemoData(plan: DemoPlan): Promise<string | undefined> {
  const { db } = await import("../lib/db");
  const { importBenchmark } = await import("../lib/server/benchmarks/import-benchmark");
  const { benchmarkFileSchema } = await import("../lib/validation/benchmark-file");
  const { createSubmission } = await import("../lib/server/submissions/create-submission");
  const { parseFindingsTextYielding } = await import("../lib/validation/findings-file");
  const { createUser } = await import("../lib/server/users/create-user");
  const { createApiToken } = await import("../lib/server/tokens/api-tokens");

  const benchmarkFile = benchmarkFileSchema.parse(
    JSON.parse(readFileSync(path.join(ROOT, "data/demo/benchmark.json"), "utf8")),
  );
  const existing = await db.benchmark.findUnique({
    where: { slug_version: { slug: benchmarkFile.slug, version: benchmarkFile.version } },
  });
  if (!existing) {
    const imported = await importBenchmark(benchmarkFile);
    log(
      `Imported demo benchmark ${imported.slug}@${imported.version}: ${imported.repositories} repositories, ${imported.reference_bugs} reference bugs`,
    );
  }
  await importReported();
  await importDemoSnapshots(benchmarkFile);

  let ownerId: string | null = null;
  let token: string | undefined;
  if (plan.demoAccount) {
    let user = await db.user.findUnique({ where: { email: DEMO_EMAIL } });
    if (!user)
      user = await createUser({ email: DEMO_EMAIL, role: "admin", name: "Demo admin", password: DEMO_PASSWORD });
    ownerId = user.id;
    ({ token } = await createApiToken(DEMO_EMAIL, { name: `demo ${formatUtc(new Date(), "minute")}` }));
  }

  const benchmark = await db.benchmark.findUniqueOrThrow({
    where: { slug_version: { slug: benchmarkFile.slug, version: benchmarkFile.version } },
  });
  // One run, three runs (the stable-beta fit is exact there, so not shown), and five runs: distinct findings reported in
  // exactly 1..5 runs 10, 4, 5, 2, 9, a fit with df = 2 and chi-squared 1.5. Each file is submitted once per database,
  // so a demo database made before a file was added gets it on the next start.
  for (const name of ["findings-agent-a.json", "findings-agent-b-3runs.json", "findings-agent-c-5runs.json"]) {
    const file = await parseFindingsTextYielding(readFileSync(path.join(ROOT, "data/demo", name), "utf8"));
    const present = await db.submission.count({
      where: { benchmarkId: benchmark.id, source: "upload", model: file.model },
    });
    if (present > 0) continue;
    const created = await createSubmission(file, ownerId);
    // Demo entries are pre-approved so the public pages have something to show.
    await db.submission.update({ where: { id: created.id }, data: { reviewStatus: "approved" } });
    log(`Submitted demo ${name}: ${created.findings} findings in ${created.runs} run(s); the worker scores it`);
  }
  return token;
}

/**
 * The demo repositories' abridged source trees (data/demo/repos/<name>) as snapshots, each with its pass plan.
 * Identical content again is a no-op, so this runs on every start.
 */
async function importDemoSnapshots(benchmarkFile: {
  slug: string;
  version: string;
  repositories: { name: string }[];
}): Promise<void> {
  const { importSnapshot } = await import("../lib/server/snapshots/import-snapshot");
  for (const repository of benchmarkFile.repositories) {
    const source = path.join(ROOT, "data/demo/repos", repository.name.split("/")[1]!);
    if (!existsSync(source)) continue;
    try {
      const result = await importSnapshot({
        benchmark: `${benchmarkFile.slug}@${benchmarkFile.version}`,
        repo: repository.name,
        source,
      });
      if (result.status === "created")
        log(`Imported the snapshot of ${repository.name}: ${result.files} files, ${result.passes} passes planned`);
    } catch (error) {
      // A database that holds an older demo tree keeps it: a version's snapshots never change.
      log(`Snapshot of ${repository.name} not imported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The paper's published results as "reported" rows. A failure stops the demo with its reason (it used to vanish). */
async function importReported(): Promise<void> {
  // Imported late like the other services: lib/env reads the environment this script has just set up.
  const { importReportedResults } = await import("../lib/server/reported/import-reported");
  await importReportedResults(path.join(ROOT, "data/probe-reported.json"));
  log("Imported the published PROBE results as reported entries");
}

void main();
