import { Redis } from "ioredis";
import { env } from "../../env";
import { sandboxRecordSchema, type SandboxRecord } from "../../contracts/sandbox-record";
import { processGlobals } from "../../process-globals";

// The sandbox the last worker to start chose (lib/sandbox/choose-sandbox.ts), kept in Redis for the web app: launch
// is refused with a 503 and /admin/runs says why when it is "none". Absent until a worker has started.
const KEY = "probebench:worker-sandbox";
const globalForStatus = processGlobals<{ sandboxStatusRedis?: Redis }>();

// Its own connection that gives up quickly: a page must not wait for a Redis that is down.
function reader(): Redis {
  if (!globalForStatus.sandboxStatusRedis) {
    globalForStatus.sandboxStatusRedis = new Redis(env.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      commandTimeout: 1_000,
      connectTimeout: 2_000,
    });
    globalForStatus.sandboxStatusRedis.on("error", () => undefined);
  }
  return globalForStatus.sandboxStatusRedis;
}

export async function publishSandboxStatus(redis: Redis, record: SandboxRecord): Promise<void> {
  await redis.set(KEY, JSON.stringify(sandboxRecordSchema.parse(record)));
}

/** The published choice, or null when no worker has published one (or Redis does not answer in time). */
export async function readSandboxStatus(): Promise<SandboxRecord | null> {
  try {
    const raw = await reader().get(KEY);
    if (!raw) return null;
    const parsed = sandboxRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
