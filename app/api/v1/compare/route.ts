import { shaped } from "@/lib/server/http/respond";
import { compareSubmissions } from "@/lib/server/workbench/compare-submissions";
import { comparisonCsv, fileSafe, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { comparisonSchema } from "@/lib/contracts/workbench";
import { workbenchRoutes } from "@/lib/contracts/workbench-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/compare?repo=owner/name&a=ID&b=ID[&run_a=N][&run_b=N][&format=csv] - reference bugs both submissions
// found, only one found, and neither, on one repository
export const GET = handle(workbenchRoutes.getCompare, async ({ caller, query: parsed }) => {
  const { format, ...query } = parsed;
  const view = await compareSubmissions(query, caller);
  return workbenchDownload(
    format,
    `compare-${fileSafe(view.repo)}-${fileSafe(query.a)}-${fileSafe(query.b)}`,
    () => shaped(comparisonSchema, view),
    () => comparisonCsv(view),
  );
});
