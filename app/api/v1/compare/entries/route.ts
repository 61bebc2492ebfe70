import { shaped } from "@/lib/server/http/respond";
import { compareEntries } from "@/lib/server/workbench/compare-entries";
import { entriesComparisonCsv, fileSafe, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { entriesComparisonSchema } from "@/lib/contracts/workbench";
import { workbenchRoutes } from "@/lib/contracts/workbench-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/compare/entries?benchmark=slug@version[&entries=ID,ID,...][&format=csv] - every pair of public entries'
// overlap, and the reference bugs the chosen entries found that the others missed
export const GET = handle(workbenchRoutes.getCompareEntries, async ({ caller, query: parsed }) => {
  const { format, ...query } = parsed;
  const view = await compareEntries(query, caller);
  return workbenchDownload(
    format,
    `compare-entries-${fileSafe(view.benchmark)}`,
    () => shaped(entriesComparisonSchema, view),
    () => entriesComparisonCsv(view),
  );
});
