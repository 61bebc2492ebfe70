import { repeatedRunsQuerySchema, repeatedRunsSchema } from "@/lib/contracts/analyses";
import { identifyCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { getRepeatedRuns, repeatedRunsCsv } from "@/lib/server/analyses/get-repeated-runs";
import { fileSafe, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/runs[?format=csv&table=runs|curve|subset_curves|spectrum|union_growth|category_overlap|run_agreement|run_share|category_overlap_distinct] -
// repeated runs: per-run reported and distinct findings, the union-to-intersection curve over distinct findings and
// the curves of subsets of the runs, the frequency spectrum and union growth, the overlap within bug types and the
// other configurations' share by runs finding.
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  const query = parseOrThrow(
    repeatedRunsQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  const data = await getRepeatedRuns(id, caller);
  return workbenchDownload(
    query.format,
    `runs-${fileSafe(id)}-${query.table}`,
    () => shaped(repeatedRunsSchema, data),
    () => repeatedRunsCsv(data, query.table),
  );
});
