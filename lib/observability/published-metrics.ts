import { Redis } from "ioredis";
import type { MetricObjectWithValues, MetricValue } from "prom-client";

// How worker processes hand their metrics to the web server's GET /api/metrics: each worker writes its registry (as
// prom-client JSON) under its own key every PUBLISH_EVERY_MS, with a time to live; the endpoint reads every live key
// and sums them with its own. Why through Redis rather than a listener per worker: workers are often replicas with
// no fixed address, the one endpoint keeps one access rule (admin token or internal network), and Redis is already
// the queue every worker must reach. A worker that stops is dropped after KEY_TTL_SECONDS; Prometheus treats the
// resulting drop of a counter as a reset (rate() and increase() handle it).
export const PUBLISH_EVERY_MS = 5_000;
const KEY_TTL_SECONDS = 60;
const PREFIX = "probebench:metrics:worker:";

export type PublishedRegistry = MetricObjectWithValues<MetricValue<string>>[];

/**
 * The web's connection for reading the published registries. It gives up quickly (a scrape must answer, without
 * worker metrics, while Redis is away), but keeps the offline queue: a command sent before the connection is up,
 * as the first scrape after a start is, waits for it (at most `commandTimeout`) instead of failing at once.
 */
export function connectMetricsReader(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 2_000 });
  client.on("error", () => undefined);
  return client;
}

export async function publishRegistry(redis: Redis, workerId: string, metrics: PublishedRegistry): Promise<void> {
  await redis.set(`${PREFIX}${workerId}`, JSON.stringify(metrics), "EX", KEY_TTL_SECONDS);
}

export async function removePublishedRegistry(redis: Redis, workerId: string): Promise<void> {
  await redis.del(`${PREFIX}${workerId}`);
}

/** Every live worker's registry (unreadable entries are skipped). */
export async function readPublishedRegistries(redis: Redis): Promise<PublishedRegistry[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 100);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== "0" && keys.length < 10_000);
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  return values.flatMap((value) => {
    if (!value) return [];
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? [parsed as PublishedRegistry] : [];
    } catch {
      return [];
    }
  });
}
