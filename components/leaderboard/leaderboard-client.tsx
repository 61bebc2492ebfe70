"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { rankRows } from "@/lib/leaderboard/rank-rows";
import type { BenchmarkRef, Coverage, LeaderboardView, RepositoryInfo } from "@/lib/leaderboard/types";
import type { Answer } from "@/lib/api-client";
import type { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { count } from "@/lib/format";
import { LeaderboardFilters } from "./leaderboard-filters";
import { filterOptions } from "./filter-options";
import { LeaderboardTable, type RankedRow } from "./leaderboard-table";
import { useQueryStates } from "nuqs";
import { NuqsAdapter } from "nuqs/adapters/react";
import { DEFAULT_STATE, scopeKey, tableStateParsers, tableStateUrlKeys, type TableState } from "./url-state";

// The interactive leaderboard. The server renders it with the default view (the HTML is cached, see app/page.tsx);
// after hydration it applies the table state from the URL, asks the API whether the cached numbers are still current
// (a 304 when they are), and fetches pooled numbers from the API when a language or repository subset is chosen, so
// the page and GET /api/v1/leaderboard always show the same figures.

const LeaderboardCharts = dynamic(() => import("./leaderboard-charts"), {
  ssr: false,
  // Same boxes as the real charts, so nothing below moves when they arrive.
  loading: () => (
    <div className="charts" aria-hidden="true">
      {["F1 over cost", "Recall over precision"].map((title) => (
        <figure key={title} className="chart">
          <h3 className="chart-title">{title}</h3>
          <ul className="chart-legend">
            <li>&nbsp;</li>
          </ul>
          <div className="chart-box" />
          <figcaption>
            Loading the chart…
            <br />
            &nbsp;
          </figcaption>
        </figure>
      ))}
    </div>
  ),
});

type Props = {
  /** A past date the board is shown as of (YYYY-MM-DD), or null for today's. */
  asOf: string | null;
  benchmark: BenchmarkRef;
  repositories: RepositoryInfo[];
  languages: string[];
  coverages: Coverage[];
  /** As published, which can exceed the repositories stored (reported versions). */
  totalRepositories: number;
  /** The server renders the first page only (see leaderboard-page.tsx); the rest arrives from the API. */
  initialView: LeaderboardView;
  totalRows: number;
  options: { models: string[]; organisations: string[]; harnesses: string[]; efforts: string[] };
  initialEtag: string;
};

function apiUrl(
  benchmark: string,
  asOf: string | null,
  state: Pick<TableState, "language" | "repos">,
  format?: "csv" | "json",
): string {
  const p = new URLSearchParams({ benchmark });
  if (asOf) p.set("as_of", asOf);
  if (state.repos.length) p.set("repos", [...state.repos].sort().join(","));
  if (state.language) p.set("language", state.language);
  if (format) p.set("format", format);
  return `/api/v1/leaderboard?${p.toString()}`;
}

// nuqs's plain React adapter reads window.location (not Next's useSearchParams, which would turn this statically
// cached page into a client-rendered one): the server and the first client render show the default view, then the
// URL's state applies, and back/forward follow it.
export function LeaderboardClient(props: Props) {
  return (
    <NuqsAdapter>
      <InteractiveLeaderboard {...props} />
    </NuqsAdapter>
  );
}

/**
 * The view for the chosen scope: a conditional request for the default scope (checks the cached page is current), a
 * plain one for a language or subset; with what is being loaded, or what went wrong, as a status line.
 */
function useScopedView({
  benchmark,
  state,
  hydrated,
  initialView,
  initialEtag,
  totalRows,
  totalRepositories,
  asOf,
}: Pick<Props, "asOf" | "benchmark" | "initialView" | "initialEtag" | "totalRows" | "totalRepositories"> & {
  state: TableState;
  hydrated: boolean;
}) {
  const [view, setView] = useState(initialView);
  const [status, setStatus] = useState<{ busy: boolean; message: string }>({ busy: false, message: "" });
  // A conditional request only makes sense while the page holds every row; otherwise the full view is needed anyway.
  const etagRef = useRef<string | null>(initialView.rows.length >= totalRows ? initialEtag : null);
  const scope = scopeKey(state);
  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    const isDefault = scope === scopeKey(DEFAULT_STATE);
    const headers: Record<string, string> = {};
    if (isDefault && etagRef.current) headers["if-none-match"] = etagRef.current;
    if (!isDefault) setStatus({ busy: true, message: "Recomputing recall and precision for the chosen repositories…" });
    else if (!etagRef.current) setStatus({ busy: false, message: `Loading all ${totalRows} configurations…` });
    fetch(apiUrl(benchmark.key, asOf, state), { headers, cache: "no-store", signal: controller.signal })
      .then(async (response) => {
        if (response.status === 304) return setStatus({ busy: false, message: "" });
        if (!response.ok) throw new Error(`The leaderboard API answered ${response.status}`);
        // Typed by the route's contract but not parsed: zod would add ~90 KB (gzip) to the home page's script, and the
        // server's answer is checked against this schema where it is written (respond) and by the integration suite.
        const next: LeaderboardView = (await response.json()) as Answer<typeof publicReadsRoutes.getLeaderboard>;
        etagRef.current = isDefault ? response.headers.get("etag") : etagRef.current;
        setView(next);
        setStatus({ busy: false, message: isDefault ? "" : `Pooled over ${describeScope(next, totalRepositories)}.` });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus({ busy: false, message: error instanceof Error ? error.message : "Could not load the leaderboard" });
      })
      .finally(() => {
        if (!controller.signal.aborted) document.documentElement.removeAttribute("data-lb-pending");
      });
    return () => controller.abort();
    // state is read only for its scope, which `scope` captures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope, hydrated, benchmark.key]);
  return { view, status };
}

/**
 * How to read the table. It sits above the table rather than in the caption: a wide table scrolls sideways on a
 * phone, and its caption would scroll (and be cut) with it.
 */
function TableNote({ incomplete, whole }: { incomplete: number; whole: boolean }) {
  return (
    <p id="lb-desc" className="table-note">
      Ranked by F1. Recall and precision in %, with the 95% Clopper–Pearson interval below each value and, for repeated
      runs, the range over runs; <abbr className="tie">≈n</abbr>: cannot be told apart from rank n (both intervals
      overlap).
      {incomplete > 0 &&
        (whole ? (
          <>
            {" "}
            {incomplete} row{incomplete === 1 ? " has" : "s have"} no published overall numbers (only per-repository
            cells).
          </>
        ) : (
          <>
            {" "}
            {incomplete} row{incomplete === 1 ? " lacks" : "s lack"} a published number for a repository of this subset
            and show none.
          </>
        ))}
    </p>
  );
}

function InteractiveLeaderboard(props: Props) {
  const { benchmark, repositories, languages, coverages, totalRepositories, initialView, totalRows } = props;
  // history "replace": typing in the search box should not flood the history.
  const [urlState, setUrlState] = useQueryStates(tableStateParsers, { urlKeys: tableStateUrlKeys, history: "replace" });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Before hydration the server's default view is shown, whatever the URL says (the HTML is shared by every URL).
  const state: TableState = hydrated ? (urlState as TableState) : DEFAULT_STATE;
  const setState = useCallback(
    (next: TableState | ((s: TableState) => TableState)) =>
      void setUrlState((current) => {
        const value = typeof next === "function" ? next(current as TableState) : next;
        return value as unknown as Partial<typeof current>;
      }),
    [setUrlState],
  );
  const { view, status } = useScopedView({ ...props, state, hydrated });

  // Any change of what is shown starts again at the first page; paging and column choices keep it.
  const update = useCallback(
    (patch: Partial<TableState>) =>
      setState((s) => ({
        ...s,
        ...patch,
        page:
          "page" in patch
            ? patch.page!
            : Object.keys(patch).every((k) => k === "hidden" || k === "perPage")
              ? s.page
              : 0,
      })),
    [setState],
  );

  const inCoverage = useMemo(() => view.rows.filter((r) => r.coverage === state.coverage), [view, state.coverage]);
  const options = useMemo(
    () =>
      filterOptions(
        {
          model: props.options.models,
          organisation: props.options.organisations,
          harness: props.options.harnesses,
          effort: props.options.efforts,
        },
        view.rows,
        state.coverage,
        coverages,
      ),
    [view, state.coverage, coverages, props.options],
  );
  const rows: RankedRow[] = useMemo(() => {
    const q = state.q.trim().toLowerCase();
    const shown = inCoverage.filter(
      (r) =>
        (!state.source || r.source === state.source) &&
        (!state.weights || (state.weights === "open") === (r.open_model === true)) &&
        (!state.model || r.model === state.model) &&
        (!state.organisation || r.organisation === state.organisation) &&
        (!state.harness || r.harness === state.harness) &&
        (!state.effort || r.reasoning_effort === state.effort) &&
        (!q ||
          `${r.model} ${r.organisation ?? ""} ${r.reasoning_effort ?? ""} ${r.harness ?? ""} ${r.source}`
            .toLowerCase()
            .includes(q)),
    );
    const ranks = rankRows(shown);
    return shown.map((r) => ({ ...r, ...ranks.get(r.id)! }));
  }, [inCoverage, state.q, state.source, state.weights, state.model, state.organisation, state.harness, state.effort]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters =
    [
      state.q,
      state.source,
      state.weights,
      state.model,
      state.organisation,
      state.harness,
      state.effort,
      state.language,
    ].filter(Boolean).length + (state.repos.length > 0 ? 1 : 0);
  const incomplete = rows.filter((r) => !r.complete).length;
  const loadedAll = view.rows.length >= totalRows || view !== initialView;
  const whole = view.scope.repos.length === 0 && !view.scope.language;
  const caption = (
    <>
      {benchmark.name} {benchmark.version}: {count(loadedAll ? rows.length : totalRows)} configuration
      {rows.length === 1 ? "" : "s"}, {describeScope(view, totalRepositories)}
    </>
  );
  return (
    <section aria-labelledby="lb-heading" className="leaderboard-section" data-hydrated={hydrated ? "true" : undefined}>
      <h2 id="lb-heading" className="visually-hidden">
        Leaderboard table
      </h2>
      {/* On a phone the table comes first: the filters open from one button (wider screens always show them). */}
      <button
        type="button"
        className="filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="lb-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        Filters{activeFilters > 0 ? ` (${activeFilters} on)` : ""}
      </button>
      <div id="lb-filters" className={filtersOpen ? "filters-panel open" : "filters-panel"}>
        <LeaderboardFilters
          state={state}
          options={options}
          languages={languages}
          repositories={repositories}
          coverages={coverages}
          onChange={update}
          onReset={() => setState(DEFAULT_STATE)}
          ready={hydrated}
        />
      </div>
      <p className="status-line" role="status" aria-live="polite">
        {status.message}
      </p>
      <TableNote incomplete={incomplete} whole={whole} />
      <div className="lb-table">
        <LeaderboardTable
          rows={rows}
          sort={state.sort}
          hidden={state.hidden}
          caption={caption}
          busy={status.busy}
          onSort={(sort) => update({ sort })}
          perPage={state.perPage}
          page={state.page}
          onPage={(page, perPage) => update({ page, perPage })}
          pendingTotal={loadedAll ? undefined : totalRows}
          empty={
            view.rows.length === 0 ? (
              "No public results for this benchmark version yet."
            ) : (
              <>
                No configuration matches these filters.{" "}
                <button type="button" className="link" onClick={() => setState(DEFAULT_STATE)}>
                  Reset the view
                </button>
              </>
            )
          }
        />
      </div>
      <p className="downloads">
        Download this view:{" "}
        <a href={apiUrl(benchmark.key, props.asOf, state, "csv")} download>
          CSV
        </a>{" "}
        · <a href={apiUrl(benchmark.key, props.asOf, state)}>JSON</a>
        <span className="muted"> (filters other than language and repositories apply on this page only)</span>
      </p>
      <h2>Charts</h2>
      <LeaderboardCharts rows={rows} />
    </section>
  );
}

function describeScope(view: LeaderboardView, total: number): string {
  const { repos, language } = view.scope;
  const bugs = view.scope_reference_bugs === null ? "" : `, ${count(view.scope_reference_bugs)} reference bugs`;
  if (repos.length === 0 && !language) return `all ${total} repositories${bugs}`;
  if (repos.length === 0) return `${language} repositories pooled${bugs}`;
  const names = repos.length <= 3 ? `: ${repos.join(", ")}` : "";
  return `${repos.length} repositor${repos.length === 1 ? "y" : "ies"}${language ? ` (${language})` : ""} pooled${names}${bugs}`;
}
