import type { Metadata } from "next";
import Link from "next/link";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { scrollRegion } from "@/components/ui/scroll-region";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { listComparableSubmissions } from "@/lib/server/workbench/compare-submissions";
import { getMatchCounts, getSubmissionMatches } from "@/lib/server/workbench/get-submission-matches";
import { DownloadLinks } from "@/components/ui/download-links";
import { EmptyRow } from "@/components/ui/empty-row";
import { ColumnHeads } from "@/components/ui/column-heads";
import { ReferenceBugLink } from "@/components/ui/reference-bug-link";

// Per submission and repository (docs/workbench.md): matched pairs, missed reference bugs, and unmatched findings sorted by
// their strongest signal (near misses first), each linking to the pair view.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Matches" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

type Matches = Awaited<ReturnType<typeof getSubmissionMatches>>;
type Group = NonNullable<Matches["repositories"][number]>;
type PairHref = (findingId: string, refId: string) => string;

/** The reference bugs this run matched, each with the findings that matched it. */
function MatchedReferenceBugs({ all, group, pairHref }: { all: Matches; group: Group; pairHref: PairHref }) {
  const s = all.submission;
  const ref = (refId: string) => all.references.get(refId);
  return (
    <>
      <h2 id="matched-heading">Matched reference bugs ({group.matched.length})</h2>
      <div className="table-wrap" {...scrollRegion("Matched reference bugs")}>
        <table aria-labelledby="matched-heading">
          <ColumnHeads columns={["Reference bug", "Title", "Matched by findings"]} />
          <tbody>
            {group.matched.map((m) => (
              <tr key={m.reference_bug_id}>
                <th scope="row">
                  <ReferenceBugLink repo={group.repo} id={m.reference_bug_id} benchmark={s.benchmark} />
                </th>
                <td className="wrap">{ref(m.reference_bug_id)?.title ?? <span className="muted">hidden</span>}</td>
                <td className="wrap">
                  {m.pairs.map((p, i) => (
                    <span key={p.finding_id}>
                      {i > 0 && ", "}
                      <Link href={pairHref(p.finding_id, m.reference_bug_id)}>{p.finding_id}</Link>
                      {p.decided_by === "maintainer" && <span className="badge">maintainer</span>}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
            {group.matched.length === 0 && (
              <EmptyRow columns={3}>No reference bug of {group.repo} was matched in this run.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The reference bugs no finding of this run matched. */
function MissedReferenceBugs({ all, group }: { all: Matches; group: Group }) {
  const s = all.submission;
  const ref = (refId: string) => all.references.get(refId);
  return (
    <>
      <h2 id="missed-heading">Missed reference bugs ({group.unmatched_reference_bug_ids.length})</h2>
      {group.unmatched_reference_bug_ids.length === 0 ? (
        <p className="muted">None: every reference bug of {group.repo} was matched.</p>
      ) : (
        <ul className="plain-list">
          {group.unmatched_reference_bug_ids.map((refId) => (
            <li key={refId}>
              <ReferenceBugLink repo={group.repo} id={refId} benchmark={s.benchmark} />
              {ref(refId)?.title && <> {ref(refId)!.title}</>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Findings that matched nothing, near misses first, each with its nearest reference bug. */
function UnmatchedFindings({ all, group, pairHref }: { all: Matches; group: Group; pairHref: PairHref }) {
  return (
    <>
      <h2 id="unmatched-heading">Unmatched findings ({group.unmatched_finding_ids.length})</h2>
      <p className="table-note">
        Near misses first: sorted by the strongest signal against its threshold (1.00 = at the threshold).
      </p>
      <div className="table-wrap" {...scrollRegion("Unmatched findings")}>
        <table aria-labelledby="unmatched-heading">
          <ColumnHeads
            columns={[
              "Finding",
              "Title",
              "Location",
              "Nearest reference bug",
              { label: "Strongest signal / threshold", num: true },
            ]}
          />
          <tbody>
            {all.unmatchedFindings(group).map((f) => (
              <tr key={f.id}>
                <th scope="row">
                  {f.nearest ? <Link href={pairHref(f.id, f.nearest.reference_bug_id)}>{f.id}</Link> : f.id}
                </th>
                <td className="wrap">{f.title}</td>
                <td>
                  <code>
                    {f.file}:{f.line_start}–{f.line_end}
                  </code>
                </td>
                <td>
                  {f.nearest ? (
                    <Link href={pairHref(f.id, f.nearest.reference_bug_id)}>{f.nearest.reference_bug_id}</Link>
                  ) : (
                    <span className="muted">none kept by the prefilter</span>
                  )}
                </td>
                <td className="num">
                  {f.nearest ? `${f.nearest.strength.toFixed(2)} (${f.nearest.signal.replaceAll("_", " ")})` : "–"}
                </td>
              </tr>
            ))}
            {group.unmatched_finding_ids.length === 0 && (
              <EmptyRow columns={5}>Every finding on {group.repo} matched a reference bug.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Compare this submission with another on the chosen repository. */
function CompareForm({
  id,
  repo,
  comparable,
}: {
  id: string;
  repo: string;
  comparable: Awaited<ReturnType<typeof listComparableSubmissions>>;
}) {
  return (
    <>
      <form action="/compare" method="get" className="filters" aria-label="Compare with another submission">
        <input type="hidden" name="repo" value={repo} />
        <input type="hidden" name="a" value={id} />
        <div className="field">
          <label htmlFor="compare-b">Compare on {repo} with</label>
          {comparable.length > 0 ? (
            <select id="compare-b" name="b" required>
              {comparable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          ) : (
            <input id="compare-b" name="b" required maxLength={100} placeholder="submission id" />
          )}
        </div>
        <button type="submit">Compare</button>
      </form>
    </>
  );
}

export default async function MatchesPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const runText = one(query.run);
  const run = runText && /^\d{1,3}$/.test(runText) ? Number(runText) : undefined;
  const user = await getCurrentUser();
  const viewer = user ? { id: user.id, role: user.role } : null;
  // Counts of every repository for the tabs (cheap), then the rows of the chosen one only.
  const counts = await loadOr404(() => getMatchCounts(id, viewer, run));
  const chosen = one(query.repo);
  const repo = chosen && counts.some((c) => c.repo === chosen) ? chosen : counts[0]?.repo;
  const all = await loadOr404(() => getSubmissionMatches(id, viewer, { run, repo }));
  const group = all.repositories[0];
  const s = all.submission;
  const base = `/submissions/${id}/matches`;
  const href = (r: string, runIndex = all.run) => `${base}?repo=${encodeURIComponent(r)}&run=${runIndex}`;
  const pairHref = (findingId: string, refId: string) =>
    `/submissions/${id}/pairs/${encodeURIComponent(findingId)}/${encodeURIComponent(refId)}?run=${all.run}`;
  const api = `/api/v1/submissions/${id}/matches?run=${all.run}${repo ? `&repo=${encodeURIComponent(repo)}` : ""}`;
  const comparable = await listComparableSubmissions(s.benchmark, id);
  return (
    <>
      <p className="muted small">
        <Link href={`/submissions/${id}`}>{s.model}</Link> / matches
      </p>
      <h1>Matches of {s.model}</h1>
      <p className="lede">
        {s.benchmark}, run {all.run + 1} of {s.runs}
        {s.review_status !== "approved" && <span className="badge subset">{s.review_status}, visible to you only</span>}
        {!s.details_visible && <span className="badge">reference details hidden</span>}
      </p>
      {s.status !== "scored" && (
        <p className="card" role="status">
          This submission is {s.status}
          {s.status === "scoring" ? ` (${s.progress}%)` : ""}: matches appear when scoring finishes. Reload to check.
        </p>
      )}
      {s.runs > 1 && (
        <nav aria-label="Runs" className="version-selector">
          Run:
          <ul>
            {Array.from({ length: s.runs }, (_, i) => (
              <li key={i}>
                <Link href={href(repo ?? "", i)} aria-current={i === all.run ? "page" : undefined}>
                  {i + 1}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <nav aria-label="Repositories" className="version-selector">
        Repository:
        <ul>
          {counts.map((r) => (
            <li key={r.repo}>
              <Link href={href(r.repo)} aria-current={r.repo === repo ? "page" : undefined}>
                {r.repo}{" "}
                <span className="muted">
                  {r.matched}/{r.reference_bugs} found
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {group && (
        <>
          <MatchedReferenceBugs all={all} group={group} pairHref={pairHref} />
          <MissedReferenceBugs all={all} group={group} />
          <UnmatchedFindings all={all} group={group} pairHref={pairHref} />
          <DownloadLinks api={api} />
          <CompareForm id={id} repo={group.repo} comparable={comparable} />
        </>
      )}
    </>
  );
}
