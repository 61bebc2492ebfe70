import { shaped } from "@/lib/server/http/respond";
import { getRepositoryBugs } from "@/lib/server/workbench/repository-bugs";
import { fileSafe, repositoryBugsCsv, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { repositoryBugsSchema } from "@/lib/contracts/workbench";
import { workbenchRoutes } from "@/lib/contracts/workbench-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}/bugs?benchmark=slug@version[&never_found=true][&category=][&trigger=][&severity=][&format=csv]
// - each reference bug with found_by (approved configurations that matched it) of configurations
export const GET = handle(
  workbenchRoutes.getRepositoriesOwnerNameBugs,
  async ({ caller, params: { owner, name }, query: parsed }) => {
    const { benchmark, format, ...filters } = parsed;
    const view = await getRepositoryBugs(benchmark, `${owner}/${name}`, caller, filters);
    return workbenchDownload(
      format,
      `reference-bugs-${fileSafe(view.repository.name)}-${fileSafe(view.benchmark)}`,
      () => shaped(repositoryBugsSchema, view),
      () => repositoryBugsCsv(view),
    );
  },
);
