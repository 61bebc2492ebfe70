import { identifyCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { getRepositoryBugs } from "@/lib/server/workbench/repository-bugs";
import { fileSafe, repositoryBugsCsv, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { repositoryBugsSchema, repositoryBugsQuerySchema } from "@/lib/contracts/workbench";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}/bugs?benchmark=slug@version[&never_found=true][&category=][&trigger=][&severity=][&format=csv]
// - each reference bug with found_by (approved configurations that matched it) of configurations
export const GET = withErrors(
  async (request: Request, context: { params: Promise<{ owner: string; name: string }> }) => {
    const { owner, name } = await context.params;
    const caller = await identifyCaller(request, { access: "read", tokens: "read" });
    const { benchmark, format, ...filters } = parseOrThrow(
      repositoryBugsQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "The query",
    );
    const view = await getRepositoryBugs(benchmark, `${owner}/${name}`, caller, filters);
    return workbenchDownload(
      format,
      `reference-bugs-${fileSafe(view.repository.name)}-${fileSafe(view.benchmark)}`,
      () => shaped(repositoryBugsSchema, view),
      () => repositoryBugsCsv(view),
    );
  },
);
