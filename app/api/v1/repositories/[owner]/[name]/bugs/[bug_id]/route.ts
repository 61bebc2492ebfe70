import { identifyCaller } from "@/lib/server/auth/api-caller";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { getReferenceBugDetail } from "@/lib/server/workbench/repository-bugs";
import { fileSafe, referenceBugFindingsCsv, workbenchDownload } from "@/lib/server/workbench/workbench-downloads";
import { referenceBugDetailSchema, referenceBugQuerySchema } from "@/lib/contracts/workbench";
import { pathSegment } from "@/lib/workbench/path-segment";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ owner: string; name: string; bug_id: string }> };

// GET /api/v1/repositories/{owner}/{name}/bugs/{bug_id}?benchmark=slug@version[&format=csv] - one reference bug and
// every finding of an approved submission that matched it
export const GET = withErrors(async (request: Request, context: Params) => {
  const { owner, name, bug_id } = await context.params;
  const caller = await identifyCaller(request, { access: "read", tokens: "read" });
  const query = parseOrThrow(
    referenceBugQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  const view = await getReferenceBugDetail(query.benchmark, `${owner}/${name}`, pathSegment(bug_id), caller);
  return workbenchDownload(
    query.format,
    `reference-bug-${fileSafe(view.reference_bug.id)}-${fileSafe(view.benchmark)}`,
    () => shaped(referenceBugDetailSchema, view),
    () => referenceBugFindingsCsv(view),
  );
});
