import type { Metadata } from "next";
import Link from "next/link";
import { BenchmarkSelector } from "@/components/benchmark-selector";
import { count, pct } from "@/lib/format";
import { benchmarkParam, loadPublicPage } from "@/app/(public)/load-public-page";
import { RepositoryMatrix } from "@/components/repository-matrix";
import { MetricCell } from "@/components/ui/metric-cell";
import { SourceBadge } from "@/components/ui/source-badge";
import { bestCells } from "@/lib/leaderboard/compute-repository-tables";
import { getRepositoryDetail } from "@/lib/server/leaderboard/get-repository-tables";
import { listBenchmarksWithRepository } from "@/lib/server/leaderboard/list-benchmarks-with-repository";
import { pageFromSearchParam } from "@/lib/server/pagination";
import { findRepositoryPlan } from "@/lib/server/snapshots/get-repository-plan";
import { PlanSection } from "./plan-section";
import { ContextSection } from "./context-section";
import { DownloadLinks } from "@/components/ui/download-links";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ name: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const nameOf = async (params: Props["params"]) => (await params).name.map(decodeURIComponent).join("/");

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await nameOf(params) };
}

export default async function RepositoryPage({ params, searchParams }: Props) {
  const name = await nameOf(params);
  const query = await searchParams;
  const ref = benchmarkParam(query);
  const page = await loadPublicPage(async () => {
    const detail = await getRepositoryDetail(ref, name);
    return { ...detail, plan: await findRepositoryPlan(detail.benchmark.key, detail.repository.name) };
  });
  if (!page) return <p className="card empty-state">No benchmark version has been imported yet.</p>;
  const { benchmark, tables, repository, row, plan } = page.value;
  const q = `?benchmark=${encodeURIComponent(benchmark.key)}`;
  const configurations = tables.configurations
    .filter((c) => row?.cells[c.id])
    .sort((a, b) => (row!.cells[b.id]!.recall ?? -1) - (row!.cells[a.id]!.recall ?? -1));
  const ids = configurations.map((c) => c.id);
  const bestRecall = row ? bestCells(row, "recall", ids) : new Set<string>();
  const bestPrecision = row ? bestCells(row, "precision", ids) : new Set<string>();
  // Versions that contain this repository link to it; the others to their own list of repositories.
  const versions = page.benchmarks;
  const holding = new Set(await listBenchmarksWithRepository(repository.name));
  const published = page.benchmarks.find((b) => b.key === benchmark.key);
  const api = `/api/v1/repositories/${repository.name}${q}`;
  return (
    <>
      <p className="muted small">
        <Link href={`/repositories${q}`}>Repositories of {benchmark.key}</Link> / {repository.name}
      </p>
      <div className="page-head">
        <h1>{repository.name}</h1>
        <BenchmarkSelector
          benchmarks={versions}
          current={benchmark.key}
          hrefFor={(b) =>
            holding.has(b.key)
              ? `/repositories/${repository.name}?benchmark=${encodeURIComponent(b.key)}`
              : `/repositories?benchmark=${encodeURIComponent(b.key)}`
          }
        />
      </div>
      <dl className="facts">
        <dt>Language</dt>
        <dd>{repository.language}</dd>
        <dt>Domain</dt>
        <dd>{repository.domain ?? "–"}</dd>
        <dt>Reference bugs</dt>
        <dd>
          {repository.referenceBugsListed ? (
            <>
              {count(repository.referenceBugs)} (
              <Link href={`/reference-bugs/${repository.name}${q}`}>which configurations found each</Link>)
            </>
          ) : (
            <>
              {count(repository.referenceBugs)}
              {repository.referenceBugs !== null && " (the published count: the bugs themselves are not public)"}
            </>
          )}
        </dd>
        {repository.snapshotCommit && (
          <>
            <dt>Snapshot</dt>
            <dd>
              <code>{repository.snapshotCommit.slice(0, 12)}</code>
            </dd>
          </>
        )}
        <dt>Mean recall / precision</dt>
        <dd>
          {pct(repository.meanRecall)}% / {pct(repository.meanPrecision)}%
        </dd>
      </dl>

      <h2>By configuration</h2>
      <p className="table-note" id="by-config-note">
        Best recall first; 95% intervals where the counts are known. Highlighted: the best value of each column.
      </p>
      <ColumnTable
        label={`Recall and precision on ${repository.name}`}
        caption={<>Recall and precision on {repository.name}</>}
        table={{ "aria-describedby": "by-config-note" }}
        columns={[
          "Configuration",
          "Source",
          ...numericColumns("Recall %", "Precision %", "Matched / reference bugs", "Findings"),
        ]}
        empty={
          configurations.length === 0 &&
          (published && published.verified === 0
            ? "The published results give no per-repository numbers for this repository, and no entry has been scored on it here."
            : "No public configuration has a score for this repository yet.")
        }
      >
        {configurations.map((c) => {
          const cell = row!.cells[c.id]!;
          return (
            <tr key={c.id}>
              <th scope="row" className="wrap">
                <Link href={`/submissions/${c.id}`}>{c.label}</Link>
                {c.coverage !== "full" && <span className="badge subset">{c.coverage}</span>}
              </th>
              <td>
                <SourceBadge source={c.source} />
              </td>
              <MetricCell score={cell} metric="recall" best={bestRecall.has(c.id)} />
              <MetricCell score={cell} metric="precision" best={bestPrecision.has(c.id)} />
              <td className="num">
                {count(cell.matched_reference_bugs)} / {count(cell.reference_bugs)}
              </td>
              <td className="num">{count(cell.findings)}</td>
            </tr>
          );
        })}
      </ColumnTable>
      <DownloadLinks api={api} />

      <h2>Compared with the other {repository.language} repositories</h2>
      {(["recall", "precision"] as const).map((metric) => (
        <RepositoryMatrix
          key={metric}
          id={`matrix-${metric}`}
          tables={tables}
          metric={metric}
          benchmarkKey={benchmark.key}
          languages={[repository.language]}
          highlight={repository.name}
        />
      ))}

      <PlanSection
        view={plan}
        page={pageFromSearchParam(query.page)}
        path={`/repositories/${repository.name}`}
        benchmarkKey={benchmark.key}
      />
      <ContextSection benchmarkKey={benchmark.key} repository={repository.name} />
    </>
  );
}
