import { writeFile } from "node:fs/promises";
import type { Redis } from "ioredis";
import { pingDatabase } from "../lib/server/health/ping-database";
import { log } from "../lib/observability/log";

// Proof of life for the container health check (docker-compose.yml): the worker rewrites a small file while its event
// loop turns and both of its stores answer. A worker that hangs, or loses Redis or Postgres, stops rewriting it and
// is reported unhealthy. The health check allows two minutes, since scoring a large submission can hold the event
// loop for many seconds at a time (see the lock duration in worker/jobs/create-worker.ts).
const EVERY_MS = 15_000;

export function startHeartbeat(file: string, redis: Redis, isRunning: () => boolean): () => void {
  const beat = async () => {
    try {
      if (!isRunning()) return;
      await Promise.all([redis.ping(), pingDatabase()]);
      await writeFile(file, `${new Date().toISOString()}\n`);
    } catch (error) {
      log.warn({ err: error }, "heartbeat skipped");
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
