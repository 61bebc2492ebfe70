import type { Metadata } from "next";
import Link from "next/link";
import { benchmarkParam, loadPublicPage } from "@/app/(public)/load-public-page";
import { scrollRegion } from "@/components/ui/scroll-region";
import { HiddenReference, ReportRecord } from "@/components/workbench/report-record";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { getReferenceBugDetail } from "@/lib/server/workbench/repository-bugs";
import { DownloadLinks } from "@/components/ui/download-links";
import { EmptyRow } from "@/components/ui/empty-row";
import { ColumnHeads } from "@/components/ui/column-heads";
import { pathSegment } from "@/lib/workbench/path-segment";

// A reference bug's page (docs/workbench.md): its record (syntax-highlighted snippet with line numbers, suggested fix) and every
// finding of an approved submission that matched it.
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ owner: string; name: string; bugId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { bugId } = await params;
  return { title: `Reference bug ${pathSegment(bugId)}` };
}

export default async function ReferenceBugPage({ params, searchParams }: Props) {
  const { owner, name, bugId } = await params;
  const repoName = `${pathSegment(owner)}/${pathSegment(name)}`;
  const query = await searchParams;
  const user = await getCurrentUser();
  const page = await loadPublicPage(() =>
    getReferenceBugDetail(
      benchmarkParam(query) ?? undefined,
      repoName,
      pathSegment(bugId),
      user ? { id: user.id, role: user.role } : null,
    ),
  );
  if (!page) return <p className="card empty-state">No benchmark version has been imported yet.</p>;
  const view = page.value;
  const bug = view.reference_bug;
  const q = `?benchmark=${encodeURIComponent(view.benchmark)}`;
  const api = `/api/v1/repositories/${view.repository.name}/bugs/${encodeURIComponent(bug.id)}${q}`;
  return (
    <>
      <p className="muted small">
        <Link href={`/repositories/${view.repository.name}${q}`}>{view.repository.name}</Link> /{" "}
        <Link href={`/reference-bugs/${view.repository.name}${q}`}>reference bugs</Link> / {bug.id}
      </p>
      <h1>Reference bug {bug.id}</h1>
      <p className="lede">{view.benchmark}</p>
      {"hidden" in bug ? (
        <HiddenReference id={bug.id} headingId="record-heading" />
      ) : (
        <ReportRecord headingId="record-heading" heading="Record" report={bug} />
      )}

      <h2 id="found-heading">Found by ({view.matched_by.length})</h2>
      <div className="table-wrap" {...scrollRegion(`Findings that matched ${bug.id}`)}>
        <table aria-labelledby="found-heading">
          <caption>Findings of approved submissions that matched this reference bug</caption>
          <ColumnHeads columns={["Configuration", "Run", "Finding", "Title", "Location", "Decided by"]} />
          <tbody>
            {view.matched_by.map((m) => (
              <tr key={`${m.submission_id}-${m.run}-${m.finding_id}`}>
                <th scope="row" className="wrap">
                  <Link href={`/submissions/${m.submission_id}`}>
                    {[m.model, m.reasoning_effort, m.harness].filter(Boolean).join(" · ")}
                  </Link>
                </th>
                <td>{m.run + 1}</td>
                <td>
                  {m.finding_id ? (
                    <Link
                      href={`/submissions/${m.submission_id}/pairs/${encodeURIComponent(m.finding_id)}/${encodeURIComponent(bug.id)}?run=${m.run}`}
                    >
                      {m.finding_id}
                    </Link>
                  ) : (
                    <span className="muted">hidden</span>
                  )}
                </td>
                <td className="wrap">{m.title ?? <span className="muted">hidden</span>}</td>
                <td>
                  {m.file ? (
                    <code>
                      {m.file}:{m.line_start}–{m.line_end}
                    </code>
                  ) : (
                    <span className="muted">hidden</span>
                  )}
                </td>
                <td>{m.decided_by}</td>
              </tr>
            ))}
            {view.matched_by.length === 0 && (
              <EmptyRow columns={6}>No approved configuration has found this bug yet.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
      <DownloadLinks api={api} />
    </>
  );
}
