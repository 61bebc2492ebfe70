"use client";

import Link from "next/link";
import { useMemo, useRef } from "react";
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
  type VisibilityState,
} from "@tanstack/react-table";
import type { RankInfo } from "@/lib/leaderboard/rank-rows";
import type { LeaderboardRow, MetricRange } from "@/lib/leaderboard/types";
import { DASH, count, missingRatioText, modelMetadataText, pct, pctInterval, usd, type RatioName } from "@/lib/format";
import { PAGE_SIZES } from "./url-state";
import { OfflineBadge, OfflineEmbedderBadge, OpenWeightsBadge } from "@/components/ui/source-badge";
import { ContaminationCell, contaminationSortValue } from "./contamination-cell";
import { PostCutoffCell } from "./post-cutoff-cell";
import { scrollRegion } from "@/components/ui/scroll-region";
import { useHorizontalOverflow } from "@/components/ui/use-horizontal-overflow";

export type RankedRow = LeaderboardRow & RankInfo;

const column = createColumnHelper<RankedRow>();
// tanstack sorts undefined last in both directions (sortUndefined: "last"); missing numbers become undefined.
const num = (v: number | null) => (v === null ? undefined : v);

// Kept lean on purpose: the leaderboard HTML is served to every visitor, and the caption explains the numbers
// under each value (95% interval, range over runs), so cells carry no per-cell titles.
function Metric({ row, metric, range }: { row: LeaderboardRow; metric: RatioName; range?: MetricRange | null }) {
  const value = row[metric];
  const interval = metric === "recall" ? row.recall_ci : metric === "precision" ? row.precision_ci : null;
  if (value === null) return <span className="muted">{missingRatioText(row, metric)}</span>;
  return (
    <>
      <span className="value">{pct(value)}</span>
      {interval && <span className="ci">{pctInterval(interval)}</span>}
      {range && (
        <span className="range">
          runs {pct(range.min)}–{pct(range.max)}
        </span>
      )}
    </>
  );
}

/** Panel validity with its interval; a dash where no panel judged the entry (or none was published). */
function Validity({ row }: { row: LeaderboardRow }) {
  if (row.panel_validity === null) return <span className="muted">{DASH}</span>;
  return (
    <>
      <span className="value">{pct(row.panel_validity)}</span>
      {row.panel_validity_ci && <span className="ci">{pctInterval(row.panel_validity_ci)}</span>}
      {row.panel_validity_basis === "repository_checked" && (
        <span className="ci">
          repository-checked verdicts
          {row.panel_checked_share !== null && row.panel_sampled
            ? `: ${Math.round(row.panel_checked_share * row.panel_sampled)} of ${row.panel_sampled} sampled (${pct(row.panel_checked_share, 0)}%, chosen by repository)`
            : ""}
        </span>
      )}
      {row.panel_whole_validity !== null && (
        <span className="ci">
          whole sample: {pct(row.panel_whole_validity)} {pctInterval(row.panel_whole_ci)}
        </span>
      )}
      {row.panel_validity_basis === "text_only" && (
        <span className="ci">text-only verdicts: no judge read the repository</span>
      )}
      {row.panel_validity_basis === "repository_checked" && row.panel_text_only ? (
        <span className="ci">
          text only ({row.panel_text_only} findings, no snapshot):{" "}
          {row.panel_text_only_validity === null ? DASH : pct(row.panel_text_only_validity)}
        </span>
      ) : null}
      {row.panel_graded ? (
        <span className="ci">
          <Link href={`/method?submission=${row.id}#grading-${row.id}`} prefetch={false}>
            {row.panel_graded} graded blind
          </Link>
        </span>
      ) : null}
    </>
  );
}

export const COLUMN_LABELS: Record<string, string> = {
  rank: "Rank",
  model: "Model",
  effort: "Effort",
  harness: "Harness",
  recall: "Recall %",
  precision: "Precision %",
  f1: "F1 %",
  findings: "Findings",
  cost: "Cost",
  runs: "Runs",
  date: "Date",
  source: "Source",
  validity: "Panel validity %",
  contamination: "Contamination (fix-rank p)",
  post_cutoff: "Recall after cut-off %",
};

/** Recall, precision or F1: best first, with its interval and range over runs under the value. */
function metricColumn(metric: "recall" | "precision" | "f1") {
  return column.accessor((r) => num(r[metric]), {
    id: metric,
    header: COLUMN_LABELS[metric],
    sortUndefined: "last",
    sortDescFirst: true,
    meta: { numeric: true },
    cell: ({ row: { original: r } }) => <Metric row={r} metric={metric} range={r.range?.[metric]} />,
  });
}

/** The organisation, parameter count and licence the submitter stated, on one small line under the model. */
function ModelMetadata({ row }: { row: Pick<RankedRow, "organisation" | "parameter_count" | "model_licence"> }) {
  const text = modelMetadataText(row);
  return text ? <span className="model-meta">{text}</span> : null;
}

const columns = [
  column.accessor((r) => num(r.rank), {
    id: "rank",
    sortDescFirst: false,
    header: COLUMN_LABELS.rank,
    sortUndefined: "last",
    enableHiding: false,
    cell: ({ row: { original: r } }) =>
      r.rank === null ? (
        <span className="muted">{DASH}</span>
      ) : (
        <span className="rank">
          {r.rank}
          {r.tiedWithRank !== null && (
            <abbr className="tie" title={`cannot be told apart from rank ${r.tiedWithRank}`}>
              ≈{r.tiedWithRank}
            </abbr>
          )}
        </span>
      ),
  }),
  column.accessor("model", {
    id: "model",
    header: COLUMN_LABELS.model,
    enableHiding: false,
    cell: ({ row: { original: r } }) => (
      <>
        <Link href={`/submissions/${r.id}`} prefetch={false}>
          {r.model}
        </Link>
        {r.open_model && (
          <>
            {" "}
            <OpenWeightsBadge />
          </>
        )}
        {r.offline_judge && (
          <>
            {" "}
            <OfflineBadge />
          </>
        )}
        {r.offline_embedder && (
          <>
            {" "}
            <OfflineEmbedderBadge />
          </>
        )}
        {r.coverage !== "full" && (
          <span className="badge subset" title="Evaluated on a subset of the repositories">
            {r.coverage}
          </span>
        )}
        <ModelMetadata row={r} />
      </>
    ),
  }),
  column.accessor((r) => r.reasoning_effort ?? undefined, {
    id: "effort",
    header: COLUMN_LABELS.effort,
    sortUndefined: "last",
    cell: (c) => c.getValue() ?? DASH,
  }),
  column.accessor((r) => r.harness ?? undefined, {
    id: "harness",
    header: COLUMN_LABELS.harness,
    sortUndefined: "last",
    cell: (c) => c.getValue() ?? DASH,
  }),
  metricColumn("recall"),
  column.accessor((r) => num(r.post_cutoff?.recall ?? null), {
    id: "post_cutoff",
    header: COLUMN_LABELS.post_cutoff,
    sortUndefined: "last",
    sortDescFirst: true,
    meta: { numeric: true },
    cell: ({ row: { original: r } }) => <PostCutoffCell value={r.post_cutoff} />,
  }),
  metricColumn("precision"),
  metricColumn("f1"),
  column.accessor((r) => num(r.findings), {
    id: "findings",
    header: COLUMN_LABELS.findings,
    sortUndefined: "last",
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => count(c.getValue() ?? null),
  }),
  column.accessor((r) => num(r.cost_usd), {
    id: "cost",
    header: COLUMN_LABELS.cost,
    sortUndefined: "last",
    sortDescFirst: false,
    meta: { numeric: true },
    cell: (c) => usd(c.getValue() ?? null),
  }),
  column.accessor("runs", { id: "runs", header: COLUMN_LABELS.runs, sortDescFirst: true, meta: { numeric: true } }),
  column.accessor((r) => r.date ?? undefined, {
    id: "date",
    header: COLUMN_LABELS.date,
    sortUndefined: "last",
    sortDescFirst: true,
    cell: (c) => c.getValue() ?? DASH,
  }),
  column.accessor("source", {
    id: "source",
    header: COLUMN_LABELS.source,
    cell: (c) => <span className={`badge ${c.getValue()}`}>{c.getValue()}</span>,
  }),
  column.accessor((r) => num(r.panel_validity), {
    id: "validity",
    header: COLUMN_LABELS.validity,
    sortUndefined: "last",
    sortDescFirst: true,
    meta: { numeric: true },
    cell: ({ row: { original: r } }) => <Validity row={r} />,
  }),
  column.accessor((r) => contaminationSortValue(r.contamination), {
    id: "contamination",
    header: COLUMN_LABELS.contamination,
    sortUndefined: "last",
    sortDescFirst: false,
    meta: { numeric: true },
    cell: ({ row: { original: r } }) => <ContaminationCell summary={r.contamination} />,
  }),
];

export const HIDEABLE_COLUMNS = columns.map((c) => c.id!).filter((id) => id !== "rank" && id !== "model");

type Props = {
  rows: RankedRow[];
  sort: { id: string; desc: boolean } | null;
  hidden: string[];
  caption: React.ReactNode;
  busy: boolean;
  onSort: (sort: { id: string; desc: boolean } | null) => void;
  /** Rows per page (0 = all) and the 0-based page. */
  perPage: number;
  page: number;
  onPage: (page: number, perPage: number) => void;
  /** Rows in the whole view while only the first page has arrived (the server-rendered HTML). */
  pendingTotal?: number;
  empty: React.ReactNode;
};

export function LeaderboardTable({
  rows,
  sort,
  hidden,
  caption,
  busy,
  onSort,
  perPage,
  page,
  onPage,
  pendingTotal,
  empty,
}: Props) {
  const pageSize = perPage === 0 ? Math.max(rows.length, 1) : perPage;
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const pageIndex = Math.min(page, pageCount - 1);
  const sorting: SortingState = useMemo(() => (sort ? [sort] : [{ id: "rank", desc: false }]), [sort]);
  const columnVisibility: VisibilityState = useMemo(
    () => Object.fromEntries(hidden.map((id) => [id, false])),
    [hidden],
  );
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, columnVisibility, pagination: { pageIndex, pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      onSort(!first || (first.id === "rank" && !first.desc) ? null : { id: first.id, desc: first.desc });
    },
    getRowId: (r) => r.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    manualPagination: false,
    autoResetPageIndex: false,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  const visible = table.getVisibleLeafColumns().length;
  const frame = useRef<HTMLDivElement>(null);
  const overflows = useHorizontalOverflow(frame);

  return (
    <>
      {/* Rank and model stay put while the other columns scroll (app/globals.css); the hint says there are more. */}
      {overflows && (
        <p className="scroll-hint">
          Scroll sideways for more columns <span aria-hidden="true">→</span>
        </p>
      )}
      <div ref={frame} className="table-wrap" aria-busy={busy} {...scrollRegion("Configurations")}>
        <table className="leaderboard" aria-describedby="lb-desc">
          <caption>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const numeric = (header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      data-col={header.column.id}
                      className={numeric ? "num" : undefined}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                    >
                      <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-row-id={row.id} className={row.original.complete ? undefined : "incomplete"}>
                {row.getVisibleCells().map((cell) => {
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  return cell.column.id === "model" ? (
                    <th key={cell.id} scope="row">
                      {content}
                    </th>
                  ) : (
                    // Alignment comes from the data-col attribute in CSS: no per-cell class in the (cached, shared) HTML.
                    <td key={cell.id} data-col={cell.column.id}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={visible} className="empty">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <Pager
          total={pendingTotal ?? rows.length}
          pageIndex={pageIndex}
          pageCount={pageCount}
          perPage={perPage}
          onPage={onPage}
        />
      </div>
    </>
  );
}

function Pager({
  total,
  pageIndex,
  pageCount,
  perPage,
  onPage,
}: {
  total: number;
  pageIndex: number;
  pageCount: number;
  perPage: number;
  onPage: (page: number, perPage: number) => void;
}) {
  const first = total === 0 ? 0 : perPage === 0 ? 1 : pageIndex * perPage + 1;
  const last = perPage === 0 ? total : Math.min(total, (pageIndex + 1) * perPage);
  return (
    <nav className="pager" aria-label="Table pages">
      <span>{`${first}–${last} of ${total}`}</span>
      <button type="button" onClick={() => onPage(pageIndex - 1, perPage)} disabled={pageIndex === 0}>
        Previous
      </button>
      <button type="button" onClick={() => onPage(pageIndex + 1, perPage)} disabled={pageIndex >= pageCount - 1}>
        Next
      </button>
      <label>
        Rows per page{" "}
        <select value={perPage} onChange={(e) => onPage(0, Number(e.target.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? "all" : n}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
