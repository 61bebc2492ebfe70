import { datasheetQuerySchema, datasheetSchema } from "@/lib/contracts/datasheet";
import { datasheetCsv } from "@/lib/datasheet/datasheet-csv";
import { parseOrThrow } from "@/lib/errors";
import { getDatasheet } from "@/lib/server/datasheet/get-datasheet";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";

export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/{version}/datasheet[?format=csv&table=repositories] - the version's datasheet (public)
export const GET = withErrors(
  async (request: Request, context: { params: Promise<{ slug: string; version: string }> }) => {
    const { slug, version } = await context.params;
    const query = parseOrThrow(
      datasheetQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "The query",
    );
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
