import { Redis } from "ioredis";
import { env } from "../env";

// BullMQ needs `maxRetriesPerRequest: null` on its connections so blocking commands are never cut short.
export function createRedisConnection(): Redis {
  return new Redis(env.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: false });
}
