import "server-only";
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { env } from "@/lib/env";
import { listBenchmarkVersions } from "@/lib/server/admin/benchmark-versions";
import { BenchmarkImportForm } from "@/components/admin/benchmark-import-form";
import { scrollRegion } from "@/components/ui/scroll-region";
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
        <div className="table-wrap" {...scrollRegion("Benchmark versions")}>
          <table data-testid="benchmark-versions">
            <caption className="visually-hidden">Benchmark versions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col" className="num">
                  Repositories
                </th>
                <th scope="col" className="num">
                  Reference bugs
                </th>
                <th scope="col">Details shown to</th>
                <th scope="col">Taxonomy</th>
                <th scope="col" className="num">
                  Submissions
                </th>
                <th scope="col">Imported (UTC)</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
      <h2>Import a version</h2>
      <BenchmarkImportForm maxBytes={env.UPLOAD_MAX_BYTES} />
    </>
  );
}
