import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { bugTypesSchema } from "@/lib/contracts/bug-types";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadBugTypes } from "@/lib/server/leaderboard/load-bug-types";
import { bugTypesCsv } from "@/lib/leaderboard/bug-types-csv";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/bug-types?benchmark=slug@version[&harness=probe-passes|all|<label>][&source=all|upload|in_house][&labeller=<key>][&format=csv]
// - bug-type and trigger shares, maintainers vs agents, both sides labelled by one classifier configuration where it
// labelled the reference bugs (else the maintainers' own labels, marked)
export const GET = handle(publicReadsRoutes.getBugTypes, async ({ query, request }) => {
  const { stamp, value: data } = await loadBugTypes(
    query.benchmark,
    { harness: query.harness, source: query.source },
    query.labeller,
  );
  return downloadResponse(request, {
    format: query.format,
    stamp,
    variant: `bug-types|${data.benchmark.key}|${query.source}|${query.harness.toLowerCase()}|${query.labeller ?? ""}`,
    filename: `bug-types-${fileSafe(data.benchmark.key)}`,
    json: () => shaped(bugTypesSchema, data),
    csv: () => bugTypesCsv(shaped(bugTypesSchema, data)),
  });
});
