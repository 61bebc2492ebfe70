import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { listBenchmarkVersions } from "@/lib/server/admin/benchmark-versions";
import { BenchmarkImportForm } from "@/components/admin/benchmark-import-form";
import { FixDatesImportForm } from "@/components/admin/fix-dates-import-form";
import { ReferenceLabelsCell } from "@/components/admin/reference-labels";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { count, formatUtc } from "@/lib/format";

export const metadata: Metadata = { title: "Benchmark versions", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function BenchmarkVersionsPage() {
  await requirePageAdmin("/admin/benchmarks");
  const versions = await listBenchmarkVersions();
  const labelling = versions.some((v) =>
    v.reference_labels.jobs.some((j) => j.status === "queued" || j.status === "running"),
  );
  return (
    <>
      <h1>Benchmark versions</h1>
      <AutoRefresh active={labelling} />
      <p className="muted">
        Every version a submission can be scored against, newest first. A version is immutable once imported; scores of
        different versions are never mixed.
      </p>
      {versions.length === 0 ? (
        <p className="card empty-state">No benchmark version has been imported yet: import the first one below.</p>
      ) : (
        <ColumnTable
          label="Benchmark versions"
          caption="Benchmark versions, newest first"
          captionClassName="visually-hidden"
          table={{ "data-testid": "benchmark-versions" }}
          columns={[
            "Version",
            ...numericColumns("Repositories", "Reference bugs"),
            "Details shown to",
            "Taxonomy",
            "Reference bug types",
            "Fix dates",
            ...numericColumns("Submissions"),
            "Imported (UTC)",
          ]}
        >
          {versions.map((v) => (
            <tr key={v.key}>
              <td>
                <Link href={`/leaderboard/${encodeURIComponent(v.slug)}/${encodeURIComponent(v.version)}`}>
                  {v.name} {v.version}
                </Link>
                <br />
                <code className="small">{v.key}</code>
                <span className="muted small">, snapshot of {v.snapshot_date}</span>
                <br />
                <Link
                  className="small"
                  href={`/benchmarks/${encodeURIComponent(v.slug)}/${encodeURIComponent(v.version)}`}
                >
                  Datasheet
                </Link>
              </td>
              <td className="num">
                {count(v.repositories)}
                <br />
                <span className="muted small">{count(v.snapshots)} with a snapshot</span>
              </td>
              <td className="num">
                {v.reference_bugs ? count(v.reference_bugs) : <span className="muted">none (reported only)</span>}
              </td>
              <td>{v.reference_visibility === "maintainers" ? "maintainers" : "everyone"}</td>
              <td>{v.taxonomy ? "yes" : <span className="muted">none</span>}</td>
              <td>
                <ReferenceLabelsCell
                  benchmarkKey={v.key}
                  referenceBugs={v.reference_bugs}
                  labels={v.reference_labels}
                />
              </td>
              <td>
                <FixDates dated={v.fix_dated_bugs} bugs={v.reference_bugs} />
              </td>
              <td className="num">
                {count(v.submissions)}
                <br />
                <span className="muted small">{count(v.public_submissions)} approved</span>
              </td>
              <td>{formatUtc(v.created_at, "minute")}</td>
            </tr>
          ))}
        </ColumnTable>
      )}
      <p className="muted small">
        Reference bug types: the bug-type comparisons (Tables 20-21, Figure 6) label the reference bugs with the same
        classifier as the agents&apos; findings (the paper&apos;s F.7.3), once per version and classifier configuration.
        It runs by itself with the first attribution of a submission of the version; the button runs it now (labels
        already stored are reused). The benchmark file&apos;s own categories stay as the maintainers&apos; labels.
      </p>
      <h2>Import a version</h2>
      <BenchmarkImportForm maxBytes={env.UPLOAD_MAX_BYTES} />
      <h2>Import fix dates</h2>
      <p className="muted">
        The contamination test ranks each repository&apos;s reference bugs by the date of their fix. A version imported
        without <code>fixed_at</code> gets its dates once, from a fix-dates file; its fix-rank tests are then
        recomputed.
      </p>
      <FixDatesImportForm
        maxBytes={env.UPLOAD_MAX_BYTES}
        versions={versions
          .filter((v) => v.reference_bugs > 0 && (v.fix_dated_bugs === 0 || v.fix_commit_bugs === 0))
          .map((v) => ({ key: v.key, label: `${v.name} ${v.version} (${v.key})` }))}
      />
    </>
  );
}

/** Whether a version's reference bugs carry fix dates: all, none (importable below), or (never expected) some. */
function FixDates({ dated, bugs }: { dated: number; bugs: number }) {
  if (bugs === 0) return <span className="muted">no reference bugs</span>;
  if (dated === bugs) return <>all</>;
  if (dated === 0) return <span className="muted">none</span>;
  return (
    <>
      {count(dated)} of {count(bugs)}
    </>
  );
}
