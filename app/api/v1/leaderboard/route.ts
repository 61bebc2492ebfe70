import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { leaderboardSchema } from "@/lib/contracts/public-reads";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe, leaderboardVariant } from "@/lib/server/leaderboard/download-response";
import { leaderboardCsv } from "@/lib/leaderboard/format-csv";
import { getLeaderboardView } from "@/lib/server/leaderboard/get-leaderboard-view";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/leaderboard?benchmark=slug@version[&repos=a/b,c/d][&language=python][&as_of=YYYY-MM-DD][&format=csv] - public leaderboard (pooled over a subset)
export const GET = handle(publicReadsRoutes.getLeaderboard, async ({ query, request }) => {
  const view = await getLeaderboardView(query);
  return downloadResponse(request, {
    format: query.format,
    stamp: view.stamp,
    variant: leaderboardVariant(view.benchmark.key, view.scope, view.as_of),
    filename: `leaderboard-${fileSafe(view.benchmark.key)}${view.scope.language || view.scope.repos.length ? "-subset" : ""}${view.as_of ? `-as-of-${view.as_of}` : ""}`,
    json: () => shaped(leaderboardSchema, view),
    csv: () => leaderboardCsv(view),
  });
});
