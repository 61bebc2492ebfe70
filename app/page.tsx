import { LeaderboardPage } from "@/components/leaderboard/leaderboard-page";

// The home page is the leaderboard of the default benchmark version.
//
// Rendered per request (every page carries its own CSP nonce, see proxy.ts), so it must be cheap: it reads the
// precomputed, per-process cached data of the version (lib/server/public-reads/stamp-cache.ts) and a view model
// derived once per data stamp, and renders only the first page of the ranking (20 rows); the browser loads the full
// view from the API right after. The front proxy (deploy/nginx) serves repeats of the HTML to anonymous visitors from
// its cache for up to 30 s (Cache-Control from proxy.ts). Correctness with several instances does not rest on that
// timer: the page embeds the data stamp it was rendered from, and the browser immediately asks the API (a
// conditional GET) and swaps in newer numbers if the stamp moved. Table state from the URL is applied on the client;
// only `as_of` (the board as of a past date) is read on the server.
export default async function HomePage({ searchParams }: { searchParams: Promise<{ as_of?: string | string[] }> }) {
  return <LeaderboardPage benchmarkRef={null} asOfParam={(await searchParams).as_of} />;
}
