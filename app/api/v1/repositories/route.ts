import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { repositoryTablesSchema } from "@/lib/contracts/public-reads";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { repositoryTablesCsv, repositoryTablesJson } from "@/lib/leaderboard/format-repository-tables";
import { getRepositoryTables } from "@/lib/server/leaderboard/get-repository-tables";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories?benchmark=slug@version[&format=csv] - repositories and recall/precision per repository x configuration
export const GET = handle(publicReadsRoutes.getRepositories, async ({ query, request }) => {
  const { benchmark, stamp, tables } = await getRepositoryTables(query.benchmark);
  return downloadResponse(request, {
    format: query.format,
    stamp,
    variant: `repositories|${benchmark.key}`,
    filename: `repositories-${fileSafe(benchmark.key)}`,
    json: () => shaped(repositoryTablesSchema, repositoryTablesJson(benchmark, tables)),
    csv: () => repositoryTablesCsv(benchmark, tables),
  });
});
