import type { z } from "zod";
import { validitySchema } from "@/lib/contracts/validity";
import { columnsCsv, type CsvColumn } from "@/lib/leaderboard/format-csv";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadValidity } from "@/lib/server/leaderboard/validity";
import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

type Point = z.infer<typeof validitySchema>["points"][number];

// Figure 5's points, by the one guarded CSV writer (labels are typed by submitters).
const POINT_COLUMNS: CsvColumn<Point>[] = [
  ["submission_id", (p) => p.id],
  ["label", (p) => p.label],
  ["source", (p) => p.source],
  ["runs", (p) => p.runs],
  ["validity", (p) => p.validity],
  ["validity_low", (p) => p.validity_ci?.[0]],
  ["validity_high", (p) => p.validity_ci?.[1]],
  ["validity_basis", (p) => p.validity_basis],
  ["precision", (p) => p.precision],
  ["precision_low", (p) => p.precision_ci?.[0]],
  ["precision_high", (p) => p.precision_ci?.[1]],
  ["precision_basis", (p) => p.precision_basis],
];

// GET /api/v1/validity?benchmark=slug@version[&format=csv] - the published pooled validity and Table 15 (JSON), and
// Figure 5's points, each entry's panel validity over its precision with both 95% intervals (JSON and CSV)
export const GET = handle(publicReadsRoutes.getValidity, async ({ query, request }) => {
  const { stamp, value: data } = await loadValidity(query.benchmark);
  return downloadResponse(request, {
    format: query.format,
    stamp,
    variant: `validity|${data.benchmark.key}`,
    filename: `validity-${fileSafe(data.benchmark.key)}`,
    json: () => shaped(validitySchema, data),
    csv: () => columnsCsv(POINT_COLUMNS, shaped(validitySchema, data).points),
  });
});
