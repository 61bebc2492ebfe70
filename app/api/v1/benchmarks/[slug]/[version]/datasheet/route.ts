import { datasheetSchema } from "@/lib/contracts/datasheet";
import { datasheetCsv } from "@/lib/datasheet/datasheet-csv";
import { getDatasheet } from "@/lib/server/datasheet/get-datasheet";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { datasheetRoutes } from "@/lib/contracts/datasheet-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/{version}/datasheet[?format=csv&table=repositories] - the version's datasheet (public)
export const GET = handle(
  datasheetRoutes.getBenchmarksSlugVersionDatasheet,
  async ({ params: { slug, version }, query, request }) => {
    const sheet = await getDatasheet(decodeURIComponent(slug), decodeURIComponent(version));
    return downloadResponse(request, {
      format: query.format,
      // The job's status is part of the answer: a sheet being recomputed is not the answer of the computed one.
      stamp: `${sheet.status}-${(sheet.input_hash ?? "none").slice(0, 16)}`,
      variant: `datasheet|${sheet.benchmark.key}|${query.format === "csv" ? query.table : ""}`,
      filename: `datasheet-${fileSafe(sheet.benchmark.key)}-${query.table}`,
      json: () => shaped(datasheetSchema, sheet),
      csv: () => datasheetCsv(sheet, query.table),
    });
  },
);
