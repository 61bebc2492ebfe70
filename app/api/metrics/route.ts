import "server-only";
import { authorizeMetricsScrape, scrapeMetrics } from "@/lib/server/metrics/scrape-metrics";
import { withErrors } from "@/lib/server/http/respond";

export const dynamic = "force-dynamic";

// GET /api/metrics - Prometheus text: HTTP, jobs, model calls, sandboxes, queue depths (docs/operating.md, "Metrics").
export const GET = withErrors(async (request) => {
  await authorizeMetricsScrape(request);
  const { text, contentType } = await scrapeMetrics();
  return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
