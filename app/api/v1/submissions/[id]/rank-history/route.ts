import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { rankHistorySchema } from "@/lib/contracts/public-reads";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse } from "@/lib/server/leaderboard/download-response";
import { getRankHistory, rankHistoryCsv } from "@/lib/server/leaderboard/get-rank-history";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/rank-history[?format=csv] - a public entry's rank over time, cached by its version's stamp
export const GET = handle(publicReadsRoutes.getSubmissionsIdRankHistory, async ({ params, query, request }) => {
  const history = await getRankHistory(params.id);
  return downloadResponse(request, {
    format: query.format,
    stamp: history.stamp,
    variant: history.id,
    filename: `rank-history-${history.id.replace(/[^A-Za-z0-9_-]/g, "")}`,
    json: () => shaped(rankHistorySchema, history),
    csv: () => rankHistoryCsv(history),
  });
});
