import { bugTypeDistancesSchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadBugTypeDistances } from "@/lib/server/analyses/bug-type-distances";
import { readBenchmarkStamp } from "@/lib/server/leaderboard/stamp-cache";
import { downloadQuerySchema } from "@/lib/leaderboard/query-schemas";

export const dynamic = "force-dynamic";

const csvCell = (v: unknown) =>
  v === null || v === undefined ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);

// GET /api/v1/bug-types/distances?benchmark=slug@version[&format=csv] - Jensen-Shannon distances between the bug-type
// distributions of the reference set and of every public verified configuration (§4.2, Figure 6)
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(downloadQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  const data = await loadBugTypeDistances(query.benchmark);
  return downloadResponse(request, {
    format: query.format,
    stamp: await readBenchmarkStamp(data.benchmark.id),
    variant: `bug-type-distances|${data.benchmark.key}`,
    filename: `bug-type-distances-${fileSafe(data.benchmark.key)}`,
    json: () => shaped(bugTypeDistancesSchema, data),
    csv: () =>
      [
        ["from", "from_submission_id", "to", "to_submission_id", "js_distance_base2"].join(","),
        ...data.subjects.flatMap((a, i) =>
          data.subjects.map((b, j) =>
            [a.label, a.submission_id, b.label, b.submission_id, data.distances[i]![j]].map(csvCell).join(","),
          ),
        ),
      ].join("\n") + "\n",
  });
});
