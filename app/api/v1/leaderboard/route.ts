import { leaderboardSchema, leaderboardQuerySchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { shaped, withErrors } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe, leaderboardVariant } from "@/lib/server/leaderboard/download-response";
import { leaderboardCsv } from "@/lib/leaderboard/format-csv";
import { getLeaderboardView } from "@/lib/server/leaderboard/get-leaderboard-view";

export const dynamic = "force-dynamic";

// GET /api/v1/leaderboard?benchmark=slug@version[&repos=a/b,c/d][&language=python][&format=csv] - public leaderboard (pooled over a subset)
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(
    leaderboardQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    "The query",
  );
  const view = await getLeaderboardView(query);
  return downloadResponse(request, {
    format: query.format,
    stamp: view.stamp,
    variant: leaderboardVariant(view.benchmark.key, view.scope),
    filename: `leaderboard-${fileSafe(view.benchmark.key)}${view.scope.language || view.scope.repos.length ? "-subset" : ""}`,
    json: () => shaped(leaderboardSchema, view),
    csv: () => leaderboardCsv(view),
  });
});
