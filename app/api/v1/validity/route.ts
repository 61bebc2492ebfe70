import { validitySchema } from "@/lib/contracts/validity";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadValidity } from "@/lib/server/analyses/validity";
import { readBenchmarkStamp } from "@/lib/server/leaderboard/stamp-cache";
import { downloadQuerySchema } from "@/lib/leaderboard/query-schemas";

export const dynamic = "force-dynamic";

const csvCell = (v: unknown) =>
  v === null || v === undefined ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);

// GET /api/v1/validity?benchmark=slug@version[&format=csv] - the published pooled validity and Table 15 (JSON), and
// Figure 5's points, each entry's panel validity over its precision with both 95% intervals (JSON and CSV)
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(downloadQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  const data = await loadValidity(query.benchmark);
  const columns = [
    "submission_id",
    "label",
    "source",
    "runs",
    "validity",
    "validity_low",
    "validity_high",
    "validity_basis",
    "precision",
    "precision_low",
    "precision_high",
    "precision_basis",
  ];
  return downloadResponse(request, {
    format: query.format,
    stamp: await readBenchmarkStamp(data.benchmark.id),
    variant: `validity|${data.benchmark.key}`,
    filename: `validity-${fileSafe(data.benchmark.key)}`,
    json: () => shaped(validitySchema, data),
    csv: () =>
      [
        columns.join(","),
        ...data.points.map((p) =>
          [
            p.id,
            p.label,
            p.source,
            p.runs,
            p.validity,
            p.validity_ci?.[0],
            p.validity_ci?.[1],
            p.validity_basis,
            p.precision,
            p.precision_ci?.[0],
            p.precision_ci?.[1],
            p.precision_basis,
          ]
            .map(csvCell)
            .join(","),
        ),
      ].join("\n") + "\n",
  });
});
