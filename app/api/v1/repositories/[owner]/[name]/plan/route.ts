import { repositoryPlanSchema, planQuerySchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { respond, withErrors } from "@/lib/server/http/respond";
import { getRepositoryPlan } from "@/lib/server/snapshots/get-repository-plan";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}/plan?benchmark=slug@version - the repository snapshot's stored pass plan
export const GET = withErrors(
  async (request: Request, context: { params: Promise<{ owner: string; name: string }> }) => {
    const { owner, name } = await context.params;
    const query = parseOrThrow(planQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
    return respond(repositoryPlanSchema, await getRepositoryPlan(query.benchmark, `${owner}/${name}`));
  },
);
