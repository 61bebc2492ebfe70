import { repositoryDetailSchema, downloadQuerySchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { repositoryDetailCsv, repositoryDetailJson } from "@/lib/leaderboard/format-repository-tables";
import { getRepositoryDetail } from "@/lib/server/leaderboard/get-repository-tables";

export const dynamic = "force-dynamic";

// GET /api/v1/repositories/{owner}/{name}?benchmark=slug@version[&format=csv] - one repository's recall/precision per configuration
export const GET = withErrors(
  async (request: Request, context: { params: Promise<{ owner: string; name: string }> }) => {
    const { owner, name } = await context.params;
    const query = parseOrThrow(downloadQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
    const detail = await getRepositoryDetail(query.benchmark, `${owner}/${name}`);
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
  },
);
