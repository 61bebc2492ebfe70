import type { Metadata } from "next";
import Link from "next/link";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { count, pct } from "@/lib/format";
import { benchmarkParam, loadPublicPage } from "@/app/(public)/load-public-page";
import { RepositoryMatrix } from "@/components/repository-matrix";
import { getRepositoryTables } from "@/lib/server/leaderboard/get-repository-tables";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { DownloadLinks } from "@/components/ui/download-links";
import { RepositoryAgreementSection } from "@/components/analyses/board-figures";
import { boardFiguresOf } from "@/lib/server/analyses/board-figures";

export const metadata: Metadata = { title: "Repositories" };
// Per request (the version comes from the query); the data itself comes from the stamp-checked cache.
export const dynamic = "force-dynamic";

export default async function RepositoriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ref = benchmarkParam(await searchParams);
  const page = await loadPublicPage(() => getRepositoryTables(ref));
  if (!page) {
    return (
      <>
        <h1>Repositories</h1>
        <p className="card empty-state">No benchmark version has been imported yet.</p>
      </>
    );
  }
  const { benchmark, tables } = page.value;
  const q = `?benchmark=${encodeURIComponent(benchmark.key)}`;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Repositories</h1>
          <p className="lede">
            The repositories of {benchmark.name} {benchmark.version} and how configurations fare on each. Mean recall
            and precision average the configurations evaluated on all repositories; reference bugs are the
            maintainer-fixed bugs of the reference set.
          </p>
        </div>
        <BenchmarkSelector
          benchmarks={page.benchmarks}
          current={benchmark.key}
          hrefFor={(b) => benchmarkQueryHref("/repositories", b)}
        />
      </div>
      <ColumnTable
        label="Repositories"
        caption={
          <>
            {tables.repositories.length} repositories of {benchmark.key}
          </>
        }
        columns={[
          "Repository",
          "Language",
          "Domain",
          ...numericColumns("Reference bugs", "Configurations", "Mean recall %", "Mean precision %"),
        ]}
      >
        {tables.repositories.map((r) => (
          <tr key={r.name}>
            <th scope="row">
              <Link href={`/repositories/${r.name}${q}`}>{r.name}</Link>
            </th>
            <td>{r.language}</td>
            <td>{r.domain ?? <span className="muted">–</span>}</td>
            <td className="num">{count(r.referenceBugs)}</td>
            <td className="num">{r.configurations}</td>
            <td className="num">{pct(r.meanRecall)}</td>
            <td className="num">{pct(r.meanPrecision)}</td>
          </tr>
        ))}
      </ColumnTable>
      <DownloadLinks api={`/api/v1/repositories${q}`} label="Download the per-repository tables" />
      <p>
        Files, passes, tests, commits and the bug-pool estimate of these repositories:{" "}
        <Link href={`/benchmarks/${encodeURIComponent(benchmark.slug)}/${encodeURIComponent(benchmark.version)}`}>
          the datasheet of {benchmark.name} {benchmark.version}
        </Link>
        .
      </p>
      <h2 id="recall">Recall per repository (Table 12 style)</h2>
      <RepositoryMatrix id="matrix-recall" tables={tables} metric="recall" benchmarkKey={benchmark.key} />
      <h2 id="precision">Precision per repository (Table 13 style)</h2>
      <RepositoryMatrix id="matrix-precision" tables={tables} metric="precision" benchmarkKey={benchmark.key} />
      <RepositoryAgreementSection figures={boardFiguresOf(page.value.data)} />
    </>
  );
}
