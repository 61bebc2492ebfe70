import { repeatedRunsSchema } from "@/lib/contracts/repeated-runs";
import { shaped } from "@/lib/server/http/respond";
import { getRepeatedRuns, repeatedRunsCsv } from "@/lib/server/analyses/get-repeated-runs";
import { fileSafe, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { analysesRoutes } from "@/lib/contracts/analyses-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/runs[?format=csv&table=runs|curve|subset_curves|spectrum|union_growth|category_overlap|run_agreement|run_share|category_overlap_distinct] -
// repeated runs: per-run reported and distinct findings, the union-to-intersection curve over distinct findings and
// the curves of subsets of the runs, the frequency spectrum and union growth, the overlap within bug types and the
// other configurations' share by runs finding.
export const GET = handle(analysesRoutes.getSubmissionsIdRuns, async ({ caller, params: { id }, query }) => {
  const data = await getRepeatedRuns(id, caller);
  return workbenchDownload(
    query.format,
    `runs-${fileSafe(id)}-${query.table}`,
    () => shaped(repeatedRunsSchema, data),
    () => repeatedRunsCsv(data, query.table),
  );
});
