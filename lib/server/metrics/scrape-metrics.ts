import "server-only";
import type { Redis } from "ioredis";
import { AggregatorRegistry, Gauge, Registry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { env } from "../../env";
import { AppError } from "../../errors";
import { identifyCaller } from "../auth/api-caller";
import { CLIENT_ADDRESS_HEADER } from "../../auth/client-address";
import { metricsAccess } from "./metrics-access";
import { registry } from "../../observability/metrics";
import { connectMetricsReader, readPublishedRegistries } from "../../observability/published-metrics";
import { QUEUES } from "../../queue/queues";
import { processGlobals } from "../../process-globals";

const globalForScrape = processGlobals<{ metricsRedis?: Redis }>();

// Its own connection (see connectMetricsReader): made once per process, on the first scrape.
function redis(): Redis {
  globalForScrape.metricsRedis ??= connectMetricsReader(env.REDIS_URL);
  return globalForScrape.metricsRedis;
}

const QUEUE_STATES = [
  "waiting",
  "active",
  "delayed",
  "failed",
  "completed",
  "prioritized",
  "waiting-children",
] as const;

async function queueDepths(): Promise<Registry> {
  const out = new Registry();
  const gauge = new Gauge({
    name: "probebench_queue_jobs",
    help: "Jobs in each queue, by state.",
    labelNames: ["queue", "state"] as const,
    registers: [out],
  });
  for (const queue of QUEUES) {
    const counts = await queue.queue().getJobCounts(...QUEUE_STATES);
    for (const state of QUEUE_STATES) gauge.set({ queue: queue.name, state }, counts[state] ?? 0);
  }
  return out;
}

/** Throws 404 / 403 unless the caller may read the metrics (lib/server/metrics/metrics-access.ts). */
export async function authorizeMetricsScrape(request: Request): Promise<void> {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  // A token that is not one (unknown, revoked, expired) is anonymous here: a public caller learns nothing either way.
  const caller = request.headers.has("authorization")
    ? await identifyCaller(request, { access: "read", tokens: "any" }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "unauthorized") return null;
        throw error;
      })
    : null;
  const access = metricsAccess(address, caller);
  if (access === "not_found") throw new AppError("not_found", "Not found");
  if (access === "forbidden") throw new AppError("forbidden", "Metrics need an admin's API token with the admin scope");
}

/** The Prometheus text of this web server's metrics, every live worker's (summed), and the queue depths. */
export async function scrapeMetrics(): Promise<{ text: string; contentType: string }> {
  const published = await readPublishedRegistries(redis()).catch(() => []);
  const own = (await registry.getMetricsAsJSON()) as MetricObjectWithValues<MetricValue<string>>[];
  const summed = AggregatorRegistry.aggregate([own, ...published]);
  const merged = Registry.merge([summed as Registry, await queueDepths()]);
  return { text: await merged.metrics(), contentType: registry.contentType };
}
