import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { env } from "@/lib/env";
import { listBenchmarkVersions } from "@/lib/server/admin/benchmark-versions";
import { BenchmarkImportForm } from "@/components/admin/benchmark-import-form";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { count, formatUtc } from "@/lib/format";

export const metadata: Metadata = { title: "Benchmark versions", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function BenchmarkVersionsPage() {
  await requirePageAdmin("/admin/benchmarks");
  const versions = await listBenchmarkVersions();
  return (
    <>
      <h1>Benchmark versions</h1>
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
      <h2>Import a version</h2>
      <BenchmarkImportForm maxBytes={env.UPLOAD_MAX_BYTES} />
    </>
  );
}
