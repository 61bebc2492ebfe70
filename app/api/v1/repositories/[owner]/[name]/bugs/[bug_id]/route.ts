import { shaped } from "@/lib/server/http/respond";
import { getReferenceBugDetail } from "@/lib/server/workbench/repository-bugs";
import { fileSafe, referenceBugFindingsCsv, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { referenceBugDetailSchema } from "@/lib/contracts/workbench";
import { pathSegment } from "@/lib/workbench/path-segment";
import { workbenchRoutes } from "@/lib/contracts/workbench-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}/bugs/{bug_id}?benchmark=slug@version[&format=csv] - one reference bug and
// every finding of an approved submission that matched it
export const GET = handle(
  workbenchRoutes.getRepositoriesOwnerNameBugsBugId,
  async ({ caller, params: { owner, name, bug_id }, query }) => {
    const view = await getReferenceBugDetail(query.benchmark, `${owner}/${name}`, pathSegment(bug_id), caller);
    return workbenchDownload(
      query.format,
      `reference-bug-${fileSafe(view.reference_bug.id)}-${fileSafe(view.benchmark)}`,
      () => shaped(referenceBugDetailSchema, view),
      () => referenceBugFindingsCsv(view),
    );
  },
);
