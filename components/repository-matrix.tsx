import Link from "next/link";
import { bestCells, type RepositoryTables, type TableRow } from "@/lib/leaderboard/compute-repository-tables";
import { DASH, pct } from "@/lib/format";
import { MetricCell } from "./ui/metric-cell";
import { scrollRegion } from "@/components/ui/scroll-region";

// One of the paper's Tables 12-13: a metric per repository x configuration, language-pooled rows, a Mean column,
// and the best cell of each row highlighted. Wide by nature: it scrolls sideways inside its frame.
const MAX_COLUMNS = 16;

type Props = {
  tables: RepositoryTables;
  metric: "recall" | "precision";
  benchmarkKey: string;
  /** Only these language groups (a repository page shows its own language). */
  languages?: string[];
  highlight?: string;
  id: string;
};

export function RepositoryMatrix({ tables, metric, benchmarkKey, languages, highlight, id }: Props) {
  const groups = tables.groups.filter((g) => !languages || languages.includes(g.language));
  const shownRows = groups.flatMap((g) => [...g.rows, g.pooled]);
  const configurations = tables.configurations
    .filter((c) => shownRows.some((r) => r.cells[c.id]))
    .slice(0, MAX_COLUMNS);
  const hiddenCount =
    tables.configurations.filter((c) => shownRows.some((r) => r.cells[c.id])).length - configurations.length;
  const ids = configurations.map((c) => c.id);
  const label = metric === "recall" ? "Recall" : "Precision";
  const q = `?benchmark=${encodeURIComponent(benchmarkKey)}`;
  if (groups.length === 0 || configurations.length === 0) {
    return (
      <p className="card muted">
        No configuration has per-repository {metric} for {languages ? "these repositories" : "this benchmark version"}{" "}
        yet.
      </p>
    );
  }
  const row = (r: TableRow, first: boolean) => {
    const best = bestCells(r, metric, ids);
    return (
      <tr
        key={`${r.pooled ? "pooled" : "repo"}:${r.key}`}
        className={
          [r.pooled ? "pooled" : "", first ? "group-start" : "", r.key === highlight ? "current" : ""]
            .join(" ")
            .trim() || undefined
        }
      >
        <th scope="row">{r.pooled ? `${r.key} (pooled)` : <Link href={`/repositories/${r.key}${q}`}>{r.key}</Link>}</th>
        {configurations.map((c) => {
          return (
            <MetricCell key={c.id} score={r.cells[c.id]} metric={metric} showInterval={false} best={best.has(c.id)} />
          );
        })}
        <td className="num mean">{pct(metric === "recall" ? r.meanRecall : r.meanPrecision)}</td>
      </tr>
    );
  };
  return (
    <>
      <p className="table-note" id={`${id}-note`}>
        Pooled rows sum the counts of the repositories listed above them; Mean averages the configurations evaluated on
        all repositories. Highlighted: the best cell of each row. {DASH} = not published.
      </p>
      <div className="table-wrap matrix" {...scrollRegion(`${label} per repository and configuration`)}>
        <table id={id} aria-describedby={`${id}-note`}>
          <caption>{label} (%) per repository and configuration</caption>
          <thead>
            <tr>
              <th scope="col">Repository</th>
              {configurations.map((c) => (
                <th key={c.id} scope="col" className="num config">
                  <Link
                    href={`/submissions/${c.id}`}
                    title={`${c.label} (${c.source}${c.coverage !== "full" ? `, ${c.coverage}` : ""})`}
                  >
                    {c.model}
                  </Link>
                  <span className="muted small config-sub">{[c.effort, c.harness].filter(Boolean).join(" · ")}</span>
                </th>
              ))}
              <th scope="col" className="num">
                Mean
              </th>
            </tr>
          </thead>
          <tbody>{groups.flatMap((g) => [...g.rows.map((r, i) => row(r, i === 0)), row(g.pooled, false)])}</tbody>
        </table>
      </div>
      {hiddenCount > 0 && (
        <p className="muted small">
          Showing the {MAX_COLUMNS} configurations with the best F1; {hiddenCount} more are in the{" "}
          <a href={`/api/v1/repositories${q}&format=csv`}>CSV download</a>.
        </p>
      )}
    </>
  );
}
