import { validitySchema } from "@/lib/contracts/validity";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadValidity } from "@/lib/server/analyses/validity";
import { readBenchmarkStamp } from "@/lib/server/leaderboard/stamp-cache";
import { downloadQuerySchema } from "@/lib/contracts/public-reads";
import { validityCsv } from "@/lib/leaderboard/validity-csv";

export const dynamic = "force-dynamic";

// GET /api/v1/validity?benchmark=slug@version[&format=csv] - the published pooled validity and Table 15 (JSON), and
// Figure 5's points, each entry's panel validity over its precision with both 95% intervals (JSON and CSV)
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(downloadQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  const data = await loadValidity(query.benchmark);
  return downloadResponse(request, {
    format: query.format,
    stamp: await readBenchmarkStamp(data.benchmark.id),
    variant: `validity|${data.benchmark.key}`,
    filename: `validity-${fileSafe(data.benchmark.key)}`,
    json: () => shaped(validitySchema, data),
    csv: () => validityCsv(data.points),
  });
});
