import { Counter, Histogram, Registry } from "prom-client";
import { processGlobals } from "../process-globals";

// The app's Prometheus metrics, one registry per process. The web server and the worker are separate processes:
// each counts what it does (HTTP requests in the web server; jobs, judge calls and sandboxes in the worker), the
// worker publishes its registry through Redis (worker/metrics-publisher.ts), and GET /api/metrics adds every live
// worker's to the web server's own (docs/operating.md, "Metrics").
// The custom web server (server/server.ts) and Next's bundle of the route handlers load this module separately, so
// the metrics are kept on globalThis: both count into, and read, the same registry.
function createMetrics() {
  const registry = new Registry();

  const jobsTotal = new Counter({
    name: "probebench_jobs_total",
    help: "Jobs processed, by queue and outcome (completed, failed, retried, deferred, superseded, skipped).",
    labelNames: ["queue", "outcome"] as const,
    registers: [registry],
  });

  const jobDuration = new Histogram({
    name: "probebench_job_duration_seconds",
    help: "Wall time of one job attempt, by queue and outcome.",
    labelNames: ["queue", "outcome"] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  });

  const llmCalls = new Counter({
    name: "probebench_llm_calls_total",
    help: "Model calls (judge, panel, attribution, embeddings, audit passes), by purpose and outcome (ok, error).",
    labelNames: ["purpose", "outcome"] as const,
    registers: [registry],
  });

  const llmLatency = new Histogram({
    name: "probebench_llm_call_duration_seconds",
    help: "Latency of one model call including the client's own retries, by purpose.",
    labelNames: ["purpose"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });

  const sandboxStarts = new Counter({
    name: "probebench_sandbox_starts_total",
    help: "Sandboxes started, by provider kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });

  const sandboxFailures = new Counter({
    name: "probebench_sandbox_failures_total",
    help: "Sandboxes that could not be started, by provider kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });

  const httpRequests = new Counter({
    name: "probebench_http_requests_total",
    help: "HTTP requests answered by the web server, by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });

  const httpDuration = new Histogram({
    name: "probebench_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    jobsTotal,
    jobDuration,
    llmCalls,
    llmLatency,
    sandboxStarts,
    sandboxFailures,
    httpRequests,
    httpDuration,
  };
}

const globalForMetrics = processGlobals<{ probebenchMetrics?: ReturnType<typeof createMetrics> }>();
const metrics = (globalForMetrics.probebenchMetrics ??= createMetrics());
const { llmCalls, llmLatency } = metrics;
export const { registry, jobsTotal, jobDuration, sandboxStarts, sandboxFailures, httpRequests, httpDuration } = metrics;

/** Times `call`, counting it as ok or error under `purpose`. */
export async function timedModelCall<T>(purpose: string, call: () => Promise<T>): Promise<T> {
  const stop = llmLatency.startTimer({ purpose });
  try {
    const result = await call();
    llmCalls.inc({ purpose, outcome: "ok" });
    return result;
  } catch (error) {
    llmCalls.inc({ purpose, outcome: "error" });
    throw error;
  } finally {
    stop();
  }
}
