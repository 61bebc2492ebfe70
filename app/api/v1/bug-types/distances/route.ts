import { bugTypeDistancesQuerySchema, bugTypeDistancesSchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadBugTypeDistances } from "@/lib/server/analyses/bug-type-distances";
import { bugTypeDistancesCsv, bugTypeRunDistancesCsv } from "@/lib/leaderboard/bug-types-csv";

export const dynamic = "force-dynamic";

// GET /api/v1/bug-types/distances?benchmark=slug@version[&labeller=<key>][&format=csv[&table=pairs|runs]] - Jensen-Shannon
// distances between the bug-type distributions of the reference set and of every public verified configuration (§4.2,
// Figure 6), one labeller for both sides
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(
    bugTypeDistancesQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  const { stamp, value: data } = await loadBugTypeDistances(query.benchmark, query.labeller);
  return downloadResponse(request, {
    format: query.format,
    stamp,
    variant: `bug-type-distances|${data.benchmark.key}|${query.table}|${query.labeller ?? ""}`,
    filename: `bug-type-distances-${query.table === "runs" ? "runs-" : ""}${fileSafe(data.benchmark.key)}`,
    json: () => shaped(bugTypeDistancesSchema, data),
    csv: () =>
      query.table === "runs"
        ? bugTypeRunDistancesCsv(shaped(bugTypeDistancesSchema, data))
        : bugTypeDistancesCsv(shaped(bugTypeDistancesSchema, data)),
  });
});
