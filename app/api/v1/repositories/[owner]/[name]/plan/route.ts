import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { getRepositoryPlan } from "@/lib/server/snapshots/get-repository-plan";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}/plan?benchmark=slug@version - the repository snapshot's stored pass plan
export const GET = handle(publicReadsRoutes.getRepositoriesOwnerNamePlan, ({ params, query }) =>
  getRepositoryPlan(query.benchmark, `${params.owner}/${params.name}`),
);
