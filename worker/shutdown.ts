import type { Redis } from "ioredis";
import { log } from "../lib/observability/log";

type Closable = { close: (force?: boolean) => Promise<void> };

/**
 * Stops the consumers within a bound. While Redis answers, active jobs may finish for up to `graceMs`; when Redis is
 * gone they cannot report anyway, so the consumers are closed at once (BullMQ's force close) and the process exits
 * within seconds instead of waiting on reconnects. Either way the deadline ends the process: an attempt cut short is
 * re-run by another worker once its lock lapses, and its fenced claim keeps the old attempt's writes out.
 */
export async function closeWithin(
  connection: Redis,
  consumers: readonly Closable[],
  graceMs: number,
  after: () => Promise<void>,
): Promise<void> {
  const redisUp = await answers(connection);
  const limitMs = redisUp ? graceMs : Math.min(graceMs, 3_000);
  const deadline = setTimeout(() => {
    log.warn({ limitMs, redisUp }, "worker shutdown took too long: exiting with jobs still active");
    process.exit(1);
  }, limitMs);
  await Promise.all(consumers.map((consumer) => consumer.close(!redisUp).catch(() => undefined)));
  await after().catch((error: unknown) => log.warn({ err: error }, "worker shutdown: closing connections failed"));
  clearTimeout(deadline);
}

/** Whether Redis answers a PING within a second (a connection's status lags behind a server that just went away). */
async function answers(connection: Redis): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 1_000)));
  const ping = connection.ping().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}
