import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { canConnect, migrate, recreateDatabase } from "../../scripts/lib/database";
import {
  ROOT,
  TSX_NODE_ARGS,
  WORKER_NODE_ARGS,
  run,
  startProcess,
  stopProcess,
  waitForHttp,
} from "../../scripts/lib/processes";
import { ensureContainerEngine } from "./container-engine";
import { ensureTestPrerequisites } from "./test-prerequisites";
import { startFakeOpenAi } from "./fake-openai";

// Integration and browser tests share one real stack: a fresh PostgreSQL database with the migrations applied,
// a dedicated Redis database, the fake OpenAI server, the real worker process and the built Next.js server.
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/probebench_test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";
const WEB_PORT = Number(process.env.TEST_WEB_PORT ?? 3199);
const DIST_DIR = process.env.TEST_DIST_DIR ?? ".next-test";
export const LOG_DIR = path.join(ROOT, "test-artifacts", "logs");

let worker: ChildProcess | undefined;
let web: ChildProcess | undefined;

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export default async function setup(project: TestProject) {
  await ensureTestPrerequisites(ROOT, {
    postgres: () => canConnect(DATABASE_URL),
    redis: () => redisAnswers(REDIS_URL),
  });
  if (!(await canConnect(DATABASE_URL))) {
    throw new Error(`PostgreSQL is not reachable at ${DATABASE_URL}. Start it (see .ci/run) or set TEST_DATABASE_URL.`);
  }
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    await redis.flushdb();
  } catch {
    throw new Error(`Redis is not reachable at ${REDIS_URL}. Start redis-server (see .ci/run) or set TEST_REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
  await ensureContainerEngine(ROOT);
  await recreateDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  // The snapshot store and the runs' work directories belong to the database just recreated.
  for (const dir of ["snapshots", "audit", "panel-sandbox"])
    rmSync(path.join(ROOT, "test-artifacts", dir), { recursive: true, force: true });

  const fake = await startFakeOpenAi();
  const env: Record<string, string> = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL,
    REDIS_URL,
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.url,
    JUDGE_MODEL: "fake-judge-1",
    JUDGE_MAX_RETRIES: "3",
    JUDGE_TIMEOUT_MS: "5000",
    SCORING_ATTEMPTS: "2",
    SCORING_RETRY_DELAY_MS: "200",
    EMBEDDING_PROVIDER: "offline",
    // Suites with a private Redis share this database: a reconciler of the shared worker running every few seconds
    // would take their rows into its own Redis. It reconciles at start only; job-reconciler.test.ts sets a short period
    // in its own workers.
    RECONCILE_INTERVAL_MS: "3600000",
    MODEL_PRICES_JSON: JSON.stringify({
      "fake-judge-1": { input: 1, output: 2 },
      "fake-auditor-1": { input: 1, output: 2 },
      "fake-panel-a": { input: 1, output: 2 },
      "fake-panel-b": { input: 1, output: 2 },
      "fake-panel-tier2": { input: 3, output: 6 },
      "fake-attribution": { input: 1, output: 2 },
    }),
    // In-house runs: passes run under bubblewrap; snapshots imported by the tests are where the worker reads them.
    SANDBOX: "process",
    SNAPSHOT_STORE: path.join(ROOT, "test-artifacts", "snapshots"),
    AUDIT_WORK_DIR: path.join(ROOT, "test-artifacts", "audit"),
    // Panel and attribution (tests/support/fake-panel-attribution.ts answers them). Attribution after scoring is off here so
    // suites that count LLM calls are undisturbed; panel-attribution.test.ts turns it on in its own workers.
    PANEL_JUDGE_MODELS: "fake-panel-a,fake-panel-b",
    PANEL_TIER2_MODEL: "fake-panel-tier2",
    PANEL_CONTEXT_MODEL: "fake-context",
    ATTRIBUTION_MODEL: "fake-attribution",
    ATTRIBUTION_AFTER_SCORING: "false",
    UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
    UPLOAD_PARSE_BUDGET_BYTES: String(5 * 1024 * 1024),
    NEXT_DIST_DIR: DIST_DIR,
    // Accounts: sessions for the test server's own origin. Quotas and rate limits are set high so suites that
    // upload or poll a lot with one user pass; account tests lower one user's quota, or exhaust the write limit.
    NEXTAUTH_URL: `http://127.0.0.1:${WEB_PORT}`,
    NEXTAUTH_SECRET: "integration-tests-only-secret-0123456789abcdef",
    ADMIN_EMAILS: "env-admin@example.test,env-admin-self-registered@example.test",
    SUBMISSION_QUOTA_PER_DAY: "1000",
    RATE_LIMIT_WINDOW_SECONDS: "60",
    RATE_LIMIT_API_READS: "5000",
    RATE_LIMIT_API_WRITES: "150",
    RATE_LIMIT_SIGN_IN: "10",
    RATE_LIMIT_PUBLIC_READS: "20000",
    // Receivers of the webhook tests listen on 127.0.0.1; the SSRF guard itself is tested with the flag off.
    WEBHOOK_SECRET_KEY: "ASNFZ4mrze8BI0VniavN7wEjRWeJq83vASNFZ4mrze8=",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIMEOUT_MS: "2000",
    WEBHOOK_RETRY_DELAY_MS: "200",
    // Builds clone from a git server on 127.0.0.1 (an operator's mirror, listed by address); "localhost" is listed
    // as a host name, so the private-address guard refuses it.
    BUILD_CLONE_HOSTS: "github.com,gitlab.com,codeberg.org,localhost,127.0.0.1",
  };
  Object.assign(process.env, env, { TEST_FAKE_OPENAI_URL: fake.url, TEST_WEB_URL: `http://127.0.0.1:${WEB_PORT}` });

  try {
    await startStack(env);
  } catch (error) {
    await stopProcess(web);
    await stopProcess(worker);
    await fake.close();
    throw error;
  }

  project.provide("fakeOpenAiUrl", fake.url);
  project.provide("webUrl", `http://127.0.0.1:${WEB_PORT}`);

  return async () => {
    await stopProcess(web);
    await stopProcess(worker);
    await fake.close();
  };
}

async function portIsFree(port: number): Promise<boolean> {
  const net = await import("node:net");
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function startStack(env: Record<string, string>): Promise<void> {
  // A server left over from an earlier run would answer the health check with a stale build and database.
  if (!(await portIsFree(WEB_PORT))) {
    throw new Error(
      `Port ${WEB_PORT} is already in use (a web server left over from an earlier run?). Stop it or set TEST_WEB_PORT.`,
    );
  }
  worker = startProcess("worker", process.execPath, [...WORKER_NODE_ARGS, "worker/index.ts"], { env, logDir: LOG_DIR });

  // The web server is built once per run (reused locally when TEST_REUSE_BUILD=1 and a build exists).
  if (!(process.env.TEST_REUSE_BUILD === "1" && existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID")))) {
    await run("npx", ["next", "build"], { env, quiet: true });
  }
  web = startProcess("web", process.execPath, [...TSX_NODE_ARGS, "server/server.ts"], {
    env: { ...env, PORT: String(WEB_PORT), HOST: "127.0.0.1" },
    logDir: LOG_DIR,
  });
  // A loaded machine (CI beside other work) can take minutes to start the server, not seconds.
  await waitForHttp(`http://127.0.0.1:${WEB_PORT}/api/health`, 240_000, "The web server");
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAiUrl: string;
    webUrl: string;
  }
}
