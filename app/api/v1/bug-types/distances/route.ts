import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { bugTypeDistancesSchema } from "@/lib/contracts/bug-types";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadBugTypeDistances } from "@/lib/server/analyses/bug-type-distances";
import { bugTypeDistancesCsv, bugTypeRunDistancesCsv } from "@/lib/leaderboard/bug-types-csv";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/bug-types/distances?benchmark=slug@version[&labeller=<key>][&format=csv[&table=pairs|runs]] - Jensen-Shannon
// distances between the bug-type distributions of the reference set and of every public verified configuration (§4.2,
// Figure 6), one labeller for both sides
export const GET = handle(publicReadsRoutes.getBugTypesDistances, async ({ query, request }) => {
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
