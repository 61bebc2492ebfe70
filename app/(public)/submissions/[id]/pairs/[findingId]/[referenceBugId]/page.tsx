import type { Metadata } from "next";
import Link from "next/link";
import { HiddenReference, ReportRecord } from "@/components/workbench/report-record";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { OverrideForm } from "@/components/workbench/override-form";
import { scrollRegion } from "@/components/ui/scroll-region";
import { getCurrentUser } from "@/lib/auth/current-user";
import { readScoreBreakdowns } from "@/lib/server/submissions/read-scores";
import { getPair } from "@/lib/server/workbench/get-pair";
import { pathSegment } from "@/lib/server/workbench/query-schemas";

// The pair view (docs/workbench.md): a finding and a reference bug side by side, the six signals against their thresholds,
// the judge's verdict and rationale, and, for maintainers, the override form with the rescoring after it.
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string; findingId: string; referenceBugId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { findingId, referenceBugId } = await params;
  return { title: `Pair ${pathSegment(findingId)} × ${pathSegment(referenceBugId)}` };
}

export default async function PairPage({ params, searchParams }: Props) {
  const { id, findingId, referenceBugId } = await params;
  const query = await searchParams;
  const runText = typeof query.run === "string" && /^\d{1,3}$/.test(query.run) ? Number(query.run) : undefined;
  const user = await getCurrentUser();
  const viewer = user ? { id: user.id, role: user.role } : null;
  const pair = await loadOr404(() => getPair(id, pathSegment(findingId), pathSegment(referenceBugId), viewer, runText));
  const before =
    pair.can_override && pair.submission.status === "scored"
      ? ((await readScoreBreakdowns(id)).mean?.overall ?? null)
      : null;
  const ref = pair.reference_bug;
  const repoQuery = `?repo=${encodeURIComponent(pair.finding.repo)}&run=${pair.run}`;
  const decision = pair.override
    ? `${pair.override.decision === "match" ? "Match" : "Not a match"}, decided by a maintainer`
    : pair.verdict
      ? `${pair.verdict.match ? "Match" : "Not a match"}, decided by the judge`
      : pair.proposed
        ? "Not decided yet"
        : "Not a match: the prefilter did not send this pair to the judge";
  return (
    <>
      <p className="muted small">
        <Link href={`/submissions/${id}`}>{pair.submission.model}</Link> /{" "}
        <Link href={`/submissions/${id}/matches${repoQuery}`}>Matches on {pair.finding.repo}</Link> / pair
      </p>
      <h1>
        Finding {pair.finding.id} × reference bug {ref.id}
      </h1>
      <p className="lede">
        <strong>{decision}.</strong>{" "}
        {pair.matched
          ? "The current score counts this pair as a match."
          : "The current score does not count this pair as a match."}
        {pair.submission.status !== "scored" && (
          <>
            {" "}
            The submission is {pair.submission.status} ({pair.submission.progress}%); this page shows the last scoring.
          </>
        )}
      </p>
      <div className="side-by-side">
        <ReportRecord
          submitterLabels
          headingId="finding-heading"
          heading={
            <>
              Finding {pair.finding.id}
              {pair.finding.confidence !== null && <span className="badge">confidence {pair.finding.confidence}</span>}
            </>
          }
          report={pair.finding}
        />
        {"hidden" in ref ? (
          <HiddenReference id={ref.id} headingId="reference-heading" />
        ) : (
          <ReportRecord
            headingId="reference-heading"
            heading={
              <>
                Reference bug{" "}
                <Link
                  href={`/reference-bugs/${ref.repo}/${encodeURIComponent(ref.id)}?benchmark=${encodeURIComponent(pair.submission.benchmark)}`}
                >
                  {ref.id}
                </Link>
              </>
            }
            report={ref}
          />
        )}
      </div>

      <h2 id="signals-heading">Signals</h2>
      {pair.signals ? (
        <div className="table-wrap" {...scrollRegion("Signals against their thresholds")}>
          <table aria-labelledby="signals-heading">
            <caption>A pair goes to the judge when any signal reaches its threshold (Table 10 of the paper).</caption>
            <thead>
              <tr>
                <th scope="col">Signal</th>
                <th scope="col" className="num">
                  Value
                </th>
                <th scope="col" className="num">
                  Threshold
                </th>
                <th scope="col">Reached</th>
              </tr>
            </thead>
            <tbody>
              {pair.signals.map((s) => (
                <tr key={s.signal} className={s.reached ? "current" : undefined}>
                  <th scope="row">{s.label}</th>
                  <td className="num">{s.value.toFixed(3)}</td>
                  <td className="num">{s.threshold.toFixed(2)}</td>
                  <td>{s.reached ? "yes" : "no"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">
          {pair.proposed
            ? "Signal values are shown to maintainers only for this benchmark version."
            : "The prefilter did not keep this pair: no signal reached its threshold, so no values were stored."}
        </p>
      )}

      <h2>Verdict</h2>
      {pair.verdict ? (
        <dl className="facts">
          <dt>Judge</dt>
          <dd>
            {pair.verdict.judge_model}
            {pair.verdict.offline_judge && <span className="badge offline">offline judge</span>}
          </dd>
          <dt>Prompt version</dt>
          <dd>{pair.verdict.prompt_version}</dd>
          <dt>Decision</dt>
          <dd>{pair.verdict.match ? "Match" : "Not a match"}</dd>
          <dt>Rationale</dt>
          <dd className="pre-line">
            {pair.verdict.rationale ?? "Shown to maintainers only for this benchmark version."}
          </dd>
        </dl>
      ) : (
        <p className="muted">
          The judge has not decided this pair
          {pair.override ? " (a maintainer's override decides it, so the judge is not asked)" : ""}.
        </p>
      )}
      {pair.override && (
        <>
          <h3>Override</h3>
          <dl className="facts">
            <dt>Decision</dt>
            <dd>{pair.override.decision === "match" ? "Match" : "Not a match"}</dd>
            {pair.override.reason && (
              <>
                <dt>Reason</dt>
                <dd className="pre-line">{pair.override.reason}</dd>
              </>
            )}
            <dt>Decided</dt>
            <dd>
              {pair.override.created_at.slice(0, 16).replace("T", " ")} UTC
              {pair.override.created_by ? ` by ${pair.override.created_by}` : ""}
            </dd>
          </dl>
        </>
      )}
      {pair.can_override && (
        <OverrideForm
          submissionId={id}
          findingId={pair.finding.id}
          referenceBugId={ref.id}
          run={pair.run}
          override={pair.override ? { id: pair.override.id, decision: pair.override.decision } : null}
          before={before}
        />
      )}
      <p className="downloads">
        Download:{" "}
        <a
          href={`/api/v1/submissions/${id}/pairs/${encodeURIComponent(pair.finding.id)}/${encodeURIComponent(ref.id)}?run=${pair.run}`}
        >
          JSON
        </a>
      </p>
    </>
  );
}
