import Link from "next/link";
import { headers } from "next/headers";
import { computeLeaderboardView } from "@/lib/leaderboard/compute-leaderboard-view";
import { dataAsOf } from "@/lib/leaderboard/history";
import { asOfQuery } from "@/lib/contracts/public-reads";
import { etagFor, leaderboardVariant } from "@/lib/server/leaderboard/download-response";
import { listPublicBenchmarks, resolveBenchmark } from "@/lib/server/public-reads/list-public-benchmarks";
import { rankRows } from "@/lib/leaderboard/rank-rows";
import { loadLeaderboardData } from "@/lib/server/leaderboard/load-leaderboard-data";
import { boardFiguresOf } from "@/lib/server/analyses/board-figures";
import { RecallFindingsNote } from "@/components/analyses/board-figures";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import { BenchmarkSelector } from "@/components/benchmark-selector";
import { count, formatUtc } from "@/lib/format";
import { LeaderboardClient } from "./leaderboard-client";
import { DEFAULT_PER_PAGE, DEFAULT_STATE, STATE_KEYS } from "./url-state";

// The leaderboard page body for one benchmark version (the home page shows the default version). Rendered per
// request (CSP nonces, see proxy.ts) and cached as HTML by the front proxy, so it must not depend on the viewer:
// it reads no cookies, only the request's nonce and `as_of` (a past date: the board as it stood then, see
// lib/leaderboard/history.ts; the cached copies are filed by the whole URL).

// Before hydration, hide the rows if the URL carries table state, so a shared filtered link does not flash the
// unfiltered table; the client removes the attribute once the state is applied (or after 4 s, whatever happens).
const PENDING_SCRIPT = `(function(){try{var k=${JSON.stringify(STATE_KEYS)},p=new URLSearchParams(location.search);if(k.some(function(x){return p.has(x)})){var d=document.documentElement;d.setAttribute("data-lb-pending","");setTimeout(function(){d.removeAttribute("data-lb-pending")},4000)}}catch(e){}})()`;

async function loadPage(benchmarkRef: string | null) {
  const benchmarks = await listPublicBenchmarks();
  if (benchmarks.length === 0) return { benchmarks, data: null };
  const benchmark = await resolveBenchmark(benchmarkRef);
  return { benchmarks, data: await loadLeaderboardData(benchmark.key) };
}

/**
 * What the page shows of a version, derived once per loaded data (a new object each time the data stamp moves), not
 * once per request: ranking 200 rows with their intervals costs more than rendering the 20 that are shown.
 */
const models = new WeakMap<LeaderboardData, ReturnType<typeof buildModel>>();

function buildModel(data: LeaderboardData, asOf: string | null = null) {
  const view = computeLeaderboardView(data, {}, asOf);
  // Only the first page of the default view goes into the HTML: every visitor downloads it, and its size is what
  // limits how fast the HTML can be served (npm run bench:pages). The client fetches the full view right away.
  const ranks = rankRows(view.rows.filter((r) => r.coverage === DEFAULT_STATE.coverage));
  const firstPage = view.rows
    .filter((r) => ranks.has(r.id))
    .sort((a, b) => (ranks.get(a.id)!.rank ?? Infinity) - (ranks.get(b.id)!.rank ?? Infinity))
    .slice(0, DEFAULT_PER_PAGE);
  const unique = (values: (string | null)[]) =>
    [...new Set(values.filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));
  const options = {
    models: unique(view.rows.map((r) => r.model)),
    organisations: unique(view.rows.map((r) => r.organisation)),
    harnesses: unique(view.rows.map((r) => r.harness)),
    efforts: unique(view.rows.map((r) => r.reasoning_effort)),
  };
  const stored = data.repositories.every((r) => r.referenceBugs !== null)
    ? data.repositories.reduce((n, r) => n + r.referenceBugs!, 0)
    : null;
  return {
    initialView: { ...view, rows: firstPage },
    totalRows: view.rows.length,
    options,
    etag: etagFor(
      "/api/v1/leaderboard",
      "json",
      view.stamp,
      leaderboardVariant(data.benchmark.key, view.scope, view.as_of),
    ),
    totalBugs: data.published?.referenceBugs ?? stored,
    totalRepos: data.published?.repositories ?? data.repositories.length,
  };
}

function modelOf(data: LeaderboardData) {
  let model = models.get(data);
  if (!model) models.set(data, (model = buildModel(data)));
  return model;
}

/** The page's `as_of`: a valid past date, or the reason it is not one. */
function parseAsOf(value: string | string[] | undefined): { asOf: string | null; problem: string | null } {
  if (value === undefined || value === "") return { asOf: null, problem: null };
  const parsed = asOfQuery.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success
    ? { asOf: parsed.data ?? null, problem: null }
    : { asOf: null, problem: parsed.error.issues[0]?.message ?? "is not a date" };
}

export async function LeaderboardPage({
  benchmarkRef,
  asOfParam,
}: {
  benchmarkRef: string | null;
  asOfParam?: string | string[];
}) {
  const { asOf, problem } = parseAsOf(asOfParam);
  const [{ benchmarks, data }, nonce] = await Promise.all([
    loadPage(benchmarkRef),
    headers().then((h) => h.get("x-nonce") ?? undefined),
  ]);
  if (!data) {
    return (
      <>
        <h1>Leaderboard</h1>
        <div className="card empty-state">
          <p>No benchmark version has been imported yet, so there is nothing to rank.</p>
          <p>
            Import a benchmark and its results (see <Link href="/submit">Submit</Link>), or load the published PROBE
            results with <code>npx tsx scripts/import-reported.ts</code>.
          </p>
        </div>
      </>
    );
  }
  const { initialView, totalRows, options, etag, totalBugs, totalRepos } = asOf
    ? buildModel(dataAsOf(data, asOf), asOf)
    : modelOf(data);
  const todayHref = benchmarkRef
    ? `/leaderboard/${encodeURIComponent(data.benchmark.slug)}/${encodeURIComponent(data.benchmark.version)}`
    : "/";
  const named =
    data.published && data.published.repositories !== data.repositories.length
      ? ` (${data.repositories.length} of them named in the published material)`
      : "";
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PENDING_SCRIPT }} />
      {asOf && (
        <p className="card history-note" role="note">
          <strong>A past board:</strong> the entries on the board at the end of {asOf} (UTC) that are still on it today,
          ranked by their current scores. <Link href={todayHref}>See today&apos;s board</Link>.
        </p>
      )}
      {problem && (
        <p className="card history-note" role="note">
          The date to show the board as of {problem}, so this is today&apos;s board.
        </p>
      )}
      <div className="page-head">
        <div>
          <h1>Leaderboard</h1>
          <p className="lede">
            Whole-repository bug discovery on{" "}
            <strong>
              {data.benchmark.name} {data.benchmark.version}
            </strong>
            : {count(totalRepos)} repositories{named}
            {totalBugs !== null ? `, ${count(totalBugs)} maintainer-fixed reference bugs` : ""}. Recall is the share of
            reference bugs found; precision is the share of findings that match one.{" "}
            <Link href="/method">How scoring works</Link>.{" "}
            {data.comparable && (
              <>
                <Link href={`/compare?benchmark=${encodeURIComponent(data.benchmark.key)}`}>Compare entries</Link>.
              </>
            )}
          </p>
        </div>
        <BenchmarkSelector
          benchmarks={benchmarks}
          current={data.benchmark.key}
          hrefFor={(b) => `/leaderboard/${encodeURIComponent(b.slug)}/${encodeURIComponent(b.version)}`}
        />
      </div>
      <LeaderboardClient
        asOf={asOf}
        benchmark={data.benchmark}
        repositories={data.repositories}
        languages={data.languages}
        coverages={data.coverages}
        totalRepositories={totalRepos}
        initialView={initialView}
        totalRows={totalRows}
        options={options}
        initialEtag={etag}
      />
      <RecallFindingsNote figures={boardFiguresOf(data)} />
      <p className="muted small">
        Data as of {formatUtc(data.generatedAt, "minute")} UTC. <span className="badge verified">verified</span> rows
        were scored here from the submitted findings; <span className="badge reported">reported</span> rows repeat
        published numbers (counts derived from the published percentages) and are not re-scored. Per-repository tables:{" "}
        <Link href={`/repositories?benchmark=${encodeURIComponent(data.benchmark.key)}`}>repositories</Link>. Panel
        validity beyond the reference set, against precision and a blind human grader:{" "}
        <Link href={`/validity?benchmark=${encodeURIComponent(data.benchmark.key)}`}>validity</Link>.
      </p>
      <form method="get" action={todayHref} className="history-form">
        <label htmlFor="lb-as-of">The board as it stood on</label>{" "}
        <input
          id="lb-as-of"
          type="date"
          name="as_of"
          defaultValue={asOf ?? ""}
          max={new Date().toISOString().slice(0, 10)}
          required
        />{" "}
        <button type="submit">Show</button>
      </form>
    </>
  );
}
