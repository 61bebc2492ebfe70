import { Redis } from "ioredis";
import { env } from "../env";

// BullMQ keeps its jobs in Redis keys without expiry: a Redis that evicts keys under memory pressure drops jobs (and
// their locks) silently, so BullMQ requires `maxmemory-policy noeviction`. Persistence (AOF) keeps the queue through
// a restart; without it the reconciler queues the lost jobs again from Postgres (worker/jobs/reconcile.ts), so only an
// evicting Redis is refused.

type QueueStoreReport = {
  /** Why this Redis must not hold the queue (it evicts keys), or null. */
  refusal: string | null;
  /** What is worth a warning: no persistence, or settings that could not be read. */
  warnings: string[];
};

/** Judges a Redis's `maxmemory-policy`, `appendonly` and `save` settings (null: CONFIG GET was refused). */
export function judgeQueueStore(config: {
  policy: string | null;
  appendonly: string | null;
  save: string | null;
}): QueueStoreReport {
  const warnings: string[] = [];
  let refusal: string | null = null;
  if (config.policy === null)
    warnings.push(
      "could not read Redis maxmemory-policy (CONFIG GET refused): make sure it is noeviction, or Redis may drop queued jobs",
    );
  else if (config.policy !== "noeviction")
    refusal = `Redis maxmemory-policy is ${config.policy}: BullMQ needs noeviction, or Redis drops queued jobs under memory pressure. Set \`maxmemory-policy noeviction\` (docs/deploying.md)`;
  if (config.appendonly === "no" && (config.save ?? "") === "")
    warnings.push(
      "Redis keeps the queue in memory only (appendonly no, no snapshots): a restart loses queued jobs, which the reconciler queues again from Postgres after one lease. Set `appendonly yes` (docs/deploying.md)",
    );
  return { refusal, warnings };
}

async function configGet(client: Redis, name: string): Promise<string | null> {
  try {
    const reply = (await client.call("CONFIG", "GET", name)) as string[];
    return reply[1] ?? null;
  } catch {
    return null;
  }
}

/** Reads the queue's Redis settings (REDIS_URL) and judges them. */
export async function checkQueueStore(url = env.REDIS_URL): Promise<QueueStoreReport> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    return judgeQueueStore({
      policy: await configGet(client, "maxmemory-policy"),
      appendonly: await configGet(client, "appendonly"),
      save: await configGet(client, "save"),
    });
  } finally {
    client.disconnect();
  }
}
