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
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });

  // Registered in this order, which is the order GET /api/metrics lists them in.
  return {
    registry,
    jobsTotal: counter(
      "probebench_jobs_total",
      "Jobs processed, by queue and outcome (completed, failed, retried, deferred, superseded, skipped).",
      ["queue", "outcome"],
    ),
    jobDuration: histogram(
      "probebench_job_duration_seconds",
      "Wall time of one job attempt, by queue and outcome.",
      ["queue", "outcome"],
      [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    ),
    llmCalls: counter(
      "probebench_llm_calls_total",
      "Model calls (judge, panel, attribution, embeddings, audit passes), by purpose and outcome (ok, error).",
      ["purpose", "outcome"],
    ),
    llmLatency: histogram(
      "probebench_llm_call_duration_seconds",
      "Latency of one model call including the client's own retries, by purpose.",
      ["purpose"],
      [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    ),
    sandboxStarts: counter("probebench_sandbox_starts_total", "Sandboxes started, by provider kind.", ["kind"]),
    sandboxFailures: counter(
      "probebench_sandbox_failures_total",
      "Sandboxes that could not be started, by provider kind.",
      ["kind"],
    ),
    httpRequests: counter(
      "probebench_http_requests_total",
      "HTTP requests answered by the web server, by method, route and status.",
      ["method", "route", "status"],
    ),
    httpDuration: histogram(
      "probebench_http_request_duration_seconds",
      "Time to answer an HTTP request, by method and route.",
      ["method", "route"],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
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
