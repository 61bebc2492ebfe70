import { repositoryTablesSchema, downloadQuerySchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { repositoryTablesCsv, repositoryTablesJson } from "@/lib/leaderboard/format-repository-tables";
import { getRepositoryTables } from "@/lib/server/leaderboard/get-repository-tables";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories?benchmark=slug@version[&format=csv] - repositories and recall/precision per repository x configuration
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(downloadQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
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
