import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import { log } from "../lib/observability/log";
import { registry } from "../lib/observability/metrics";
import { PUBLISH_EVERY_MS, publishRegistry, removePublishedRegistry } from "../lib/observability/published-metrics";

/** Publishes this worker's metrics for GET /api/metrics (lib/observability/published-metrics.ts); returns a stop. */
export function startMetricsPublisher(redis: Redis): () => Promise<void> {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const publish = async () => {
    try {
      await publishRegistry(redis, workerId, (await registry.getMetricsAsJSON()) as never);
    } catch (error) {
      log.warn({ err: error }, "could not publish metrics");
    }
  };
  void publish();
  const timer = setInterval(() => void publish(), PUBLISH_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await removePublishedRegistry(redis, workerId).catch(() => undefined);
  };
}
