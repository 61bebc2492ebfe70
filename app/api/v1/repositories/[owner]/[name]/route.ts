import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { repositoryDetailSchema } from "@/lib/contracts/public-reads";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { repositoryDetailCsv, repositoryDetailJson } from "@/lib/leaderboard/format-repository-tables";
import { getRepositoryDetail } from "@/lib/server/leaderboard/get-repository-tables";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}?benchmark=slug@version[&format=csv] - one repository's recall/precision per configuration
export const GET = handle(publicReadsRoutes.getRepositoriesOwnerName, async ({ params, query, request }) => {
  const detail = await getRepositoryDetail(query.benchmark, `${params.owner}/${params.name}`);
  return downloadResponse(request, {
    format: query.format,
    stamp: detail.stamp,
    variant: `repository|${detail.benchmark.key}|${detail.repository.name}`,
    filename: `repository-${fileSafe(detail.repository.name)}-${fileSafe(detail.benchmark.key)}`,
    json: () =>
      shaped(
        repositoryDetailSchema,
        repositoryDetailJson(detail.benchmark, detail.tables, detail.repository, detail.row),
      ),
    csv: () => repositoryDetailCsv(detail.benchmark, detail.tables, detail.row),
  });
});
