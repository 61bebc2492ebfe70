import Link from "next/link";
import { DASH, count, formatUtc, modelMetadataText, ratioText, usd } from "@/lib/format";
import { FINDINGS_LICENCE } from "@/lib/contracts/submissions";
import { MetricCell } from "@/components/ui/metric-cell";
import { OfflineBadge, OfflineEmbedderBadge, OpenWeightsBadge, SourceBadge } from "@/components/ui/source-badge";
import { RunSpectrum } from "@/components/submission/run-spectrum";
import { PrecisionRecallChart, UnionGrowthChart, UnionGrowthTable } from "@/components/analyses/union-curve-charts";
import { precisionRecallPoints } from "@/lib/analyses/union-growth";
import { CategoryOverlapSection } from "@/components/analyses/category-overlap";
import { RunAgreementSection } from "@/components/analyses/run-agreement";
import { RunShareSection } from "@/components/analyses/run-share";
import { DistinctOverlapSection } from "@/components/analyses/distinct-overlap";
import {
  getSubmissionDetail,
  type DetailCell,
  type SubmissionDetail,
} from "@/lib/server/leaderboard/get-submission-detail";
import type { Viewer } from "@/lib/auth/viewer";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { orNotFound } from "@/app/or-not-found";
import { HowItWasScored } from "./how-it-was-scored";

/** Loads the submission for a viewer (sign-in passes the session's viewer), turning "not visible" into a 404. */
export async function loadSubmissionForViewer(id: string, viewer: Viewer): Promise<SubmissionDetail> {
  return orNotFound(getSubmissionDetail(id, viewer));
}

function ScoreRow({ label, cell, scope = "row" }: { label: React.ReactNode; cell: DetailCell; scope?: "row" }) {
  return (
    <tr>
      <th scope={scope}>{label}</th>
      <MetricCell score={cell} metric="recall" />
      <MetricCell score={cell} metric="precision" />
      <td className="num">{ratioText(cell, "f1")}</td>
      <td className="num">
        {count(cell.matched_reference_bugs)} / {count(cell.reference_bugs)}
      </td>
      <td className="num">
        {count(cell.matched_findings)} / {count(cell.findings)}
      </td>
    </tr>
  );
}

/** The columns after a score table's first: both ratios and F1 in percent, then the counts behind them. */
const SCORE_COLUMNS = numericColumns(
  "Recall %",
  "Precision %",
  "F1 %",
  "Matched / reference bugs",
  "Matched / findings",
);

function ScoreTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { key: string; label: React.ReactNode; cell: DetailCell }[];
}) {
  return (
    <ColumnTable
      caption={caption}
      columns={[first, ...SCORE_COLUMNS]}
      empty={rows.length === 0 && "Nothing published for this scope."}
    >
      {rows.map((r) => (
        <ScoreRow key={r.key} label={r.label} cell={r.cell} />
      ))}
    </ColumnTable>
  );
}

/** A scored submission scored again (a maintainer's override, an approved spend): what its rescore is doing. */
const RESCORING: Record<string, string> = {
  queued: "queued to be scored again",
  scoring: "being scored again",
  failed: "scoring it again failed",
  awaiting_approval: "scoring it again waits for an admin to approve its judge spend",
  withdrawn: "withdrawn by its submitter before it was scored again",
};

/** The title with its badges, the review status, and the submission's facts. */
function SubmissionHeader({ detail: d }: { detail: SubmissionDetail }) {
  const name = [d.model, d.effort, d.harness].filter(Boolean).join(" · ");
  return (
    <>
      <h1>
        {name} <SourceBadge source={d.source} />
        {d.scoring?.offline_judge && <OfflineBadge />}
        {d.scoring?.offline_embedder && <OfflineEmbedderBadge />}
      </h1>
      {d.reviewStatus !== "approved" && (
        <p className="card" role="note">
          Review status: <strong>{d.reviewStatus}</strong>. This submission is not on the public leaderboard; only you
          and the maintainers can see it.
        </p>
      )}
      <dl className="facts">
        <dt>Benchmark version</dt>
        <dd>
          {d.benchmark.name} {d.benchmark.version} (<code>{d.benchmark.key}</code>)
        </dd>
        <dt>Model</dt>
        <dd>
          {d.model}
          {d.openModel && (
            <>
              {" "}
              <OpenWeightsBadge />
            </>
          )}
        </dd>
        {modelMetadataText(d) && (
          <>
            <dt>Model details</dt>
            <dd data-testid="model-metadata">{modelMetadataText(d)} (as stated by the submitter)</dd>
          </>
        )}
        <dt>Reasoning effort</dt>
        <dd>{d.effort ?? "not stated"}</dd>
        <dt>Harness</dt>
        <dd>{d.harness ?? "not stated"}</dd>
        <dt>Runs</dt>
        <dd>
          {d.runCount}
          {d.runCount > 1 ? " (scores are means over runs)" : ""}
        </dd>
        <dt>Cost per run</dt>
        <dd>{usd(d.costUsd)}</dd>
        {d.source === "verified" && (
          <>
            <dt>Findings</dt>
            <dd>
              {count(d.findings)} (
              <a href={`/api/v1/submissions/${encodeURIComponent(d.id)}/findings`} download>
                download the findings with their metadata
              </a>
              , JSON, published under{" "}
              <a href={FINDINGS_LICENCE.url} rel="noopener noreferrer">
                {FINDINGS_LICENCE.id}
              </a>
              )
            </dd>
            <dt>Submitted</dt>
            <dd>
              {formatUtc(d.createdAt)}
              {d.scoredAt ? `, scored ${formatUtc(d.scoredAt)}` : ` (scoring: ${d.scoringStatus})`}
              {d.scoredAt && d.scoringStatus !== "scored" && (
                <span data-testid="rescoring">
                  ; {RESCORING[d.scoringStatus]}: the scores below are from that scoring until new ones replace them
                </span>
              )}
            </dd>
          </>
        )}
        {d.reportUrl && (
          <>
            <dt>Report</dt>
            <dd>
              <a href={d.reportUrl} rel="noopener noreferrer">
                {d.reportUrl}
              </a>
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

/** Scores overall, per language (pooled) and per repository. */
function ScoresByScope({ detail: d }: { detail: SubmissionDetail }) {
  const benchmarkQuery = `?benchmark=${encodeURIComponent(d.benchmark.key)}`;
  return (
    <>
      <h2>Scores</h2>
      <ScoreTable
        caption="Overall (mean over runs for repeated runs). Recall and precision with 95% Clopper-Pearson intervals."
        first="Scope"
        rows={d.overall ? [{ key: "overall", label: "All repositories", cell: d.overall }] : []}
      />

      <h2>Per language (pooled)</h2>
      <ScoreTable
        caption="Counts pooled over the repositories of each language, then divided."
        first="Language"
        rows={d.languages.map((l) => ({ key: l.language, label: l.language, cell: l }))}
      />

      <h2>Per repository</h2>
      {d.source === "verified" && (
        <p className="small">
          <Link href={`/submissions/${d.id}/matches`}>Matches per repository</Link>: matched and missed reference bugs,
          unmatched findings, and why the matcher decided each pair.
        </p>
      )}
      <ScoreTable
        caption="One row per repository with a score."
        first="Repository"
        rows={d.repositories.map((r) => ({
          key: r.repo,
          label: (
            <>
              <Link href={`/repositories/${r.repo}${benchmarkQuery}`}>{r.repo}</Link>{" "}
              <span className="muted small">{r.language}</span>
            </>
          ),
          cell: r,
        }))}
      />
    </>
  );
}

/** Repeated runs: each run's scores, reported and distinct findings, the curve across runs and the frequency spectrum. */
function RunsSection({ detail: d }: { detail: SubmissionDetail }) {
  return (
    <>
      {d.runs.length > 0 && (
        <>
          <h2>Runs</h2>
          <ScoreTable
            caption="Each run scored on its own over its reported findings (as the paper's Table 3); the leaderboard shows their mean and range."
            first="Run"
            rows={d.runs
              .filter((r) => r.cell)
              .map((r) => ({
                key: String(r.index),
                label: `Run ${r.index + 1} (${count(r.findings)} findings, ${usd(r.costUsd)})`,
                cell: r.cell!,
              }))}
          />
          <ColumnTable
            caption="Reported and distinct findings per run. Recall and precision count reported findings; a distinct finding is a group of reports with one root cause, so two reports of one bug in a run count once. A distinct finding is matched when any report of its root cause, in any run, matches a reference bug: a run can have more matched distinct findings than matched reports."
            columns={[
              "Run",
              ...numericColumns("Reported findings", "Matched reported", "Distinct findings", "Matched distinct"),
            ]}
            empty={d.runs.length === 0 && "No runs."}
          >
            {d.runs.map((r) => (
              <tr key={r.index}>
                <th scope="row">Run {r.index + 1}</th>
                <td className="num">{count(r.findings)}</td>
                <td className="num">{r.cell ? count(r.cell.matched_findings) : DASH}</td>
                <td className="num">{r.distinctFindings === null ? "n/a" : count(r.distinctFindings)}</td>
                <td className="num">{r.matchedDistinctFindings === null ? "n/a" : count(r.matchedDistinctFindings)}</td>
              </tr>
            ))}
          </ColumnTable>
          {d.runs.some((r) => r.distinctFindings === null) && (
            <p className="muted small">
              n/a: scored before distinct findings were counted; scoring the submission again fills them in.
            </p>
          )}
          <p className="small">
            Download: <a href={`/api/v1/submissions/${d.id}/runs?format=csv&table=runs`}>runs (CSV)</a>,{" "}
            <a href={`/api/v1/submissions/${d.id}/runs?format=csv&table=curve`}>union to intersection (CSV)</a>,{" "}
            <a href={`/api/v1/submissions/${d.id}/runs?format=csv&table=spectrum`}>frequency spectrum (CSV)</a>,{" "}
            <a href={`/api/v1/submissions/${d.id}/runs`}>all (JSON)</a>
          </p>
        </>
      )}
      {d.curves.length > 0 && (
        <>
          <h2>Across runs</h2>
          <ScoreTable
            caption="Distinct findings (findings of one root cause merged within and across runs), kept when reported in at least n runs: findings and precision count distinct findings, not reports."
            first="Distinct findings kept"
            rows={d.curves.map((c) => ({ key: String(c.n), label: c.label, cell: c }))}
          />
          <div className="charts">
            <PrecisionRecallChart
              points={precisionRecallPoints(d.curves)}
              runs={d.runCount}
              subsets={
                d.subsetCurves && {
                  subsets: d.subsetCurves.subsets.map((s) => ({
                    runs: s.runs,
                    paperPrefix: s.paper_prefix,
                    points: precisionRecallPoints(s.points),
                  })),
                  sampled: d.subsetCurves.sampled,
                  seed: d.subsetCurves.seed,
                  unavailableReason: d.subsetCurves.unavailable_reason,
                }
              }
            />
            <UnionGrowthChart rows={d.unionGrowth} />
          </div>
          <UnionGrowthTable rows={d.unionGrowth} />
          <RunShareSection data={d.runShare} csvHref={`/api/v1/submissions/${d.id}/runs?format=csv&table=run_share`} />
          {d.unionGrowth.length > 0 && (
            <p className="small">
              Download:{" "}
              {(d.subsetCurves?.subsets.length ?? 0) > 0 && (
                <>
                  <a href={`/api/v1/submissions/${d.id}/runs?format=csv&table=subset_curves`}>
                    curves of subsets of the runs (CSV)
                  </a>
                  ,{" "}
                </>
              )}
              <a href={`/api/v1/submissions/${d.id}/runs?format=csv&table=union_growth`}>
                union growth and projection (CSV)
              </a>
            </p>
          )}
        </>
      )}
      <RunSpectrum spectrum={d.spectrum} />
      <CategoryOverlapSection
        data={d.categoryOverlap}
        csvHref={`/api/v1/submissions/${d.id}/runs?format=csv&table=category_overlap`}
      />
      {d.categoryOverlap && <DistinctOverlapSection data={d.distinctOverlap} />}
      <RunAgreementSection
        data={d.runAgreement}
        csvHref={`/api/v1/submissions/${d.id}/runs?format=csv&table=run_agreement`}
      />
    </>
  );
}

export function SubmissionView({ detail: d }: { detail: SubmissionDetail }) {
  return (
    <article>
      <p className="muted small">
        <Link href={`/leaderboard/${encodeURIComponent(d.benchmark.slug)}/${encodeURIComponent(d.benchmark.version)}`}>
          Leaderboard {d.benchmark.key}
        </Link>{" "}
        / submission
      </p>
      <SubmissionHeader detail={d} />
      <ScoresByScope detail={d} />
      <RankHistorySection detail={d} />
      <RunsSection detail={d} />
      <HowItWasScored detail={d} />
    </article>
  );
}

// The newest points shown on the page; the API has all of them.
const RANK_POINTS_SHOWN = 30;

/** A public entry's rank at the end of each day the board changed (lib/leaderboard/history.ts). */
function RankHistorySection({ detail: d }: { detail: SubmissionDetail }) {
  const history = d.rankHistory;
  if (!history || history.points.length === 0) return null;
  const shown = history.points.slice(-RANK_POINTS_SHOWN);
  const api = `/api/v1/submissions/${encodeURIComponent(d.id)}/rank-history`;
  const boardOn = (date: string) =>
    `/leaderboard/${encodeURIComponent(d.benchmark.slug)}/${encodeURIComponent(d.benchmark.version)}?as_of=${date}`;
  return (
    <section aria-labelledby="rank-history">
      <h2 id="rank-history">Rank over time</h2>
      <ColumnTable
        caption={`Rank by F1 over every repository at the end of each day an entry joined or left the board, ranked by today's scores${history.points.length > shown.length ? ` (the last ${shown.length} changes)` : ""}.`}
        columns={[{ label: "Date (UTC)" }, ...numericColumns("Rank", "Entries ranked")]}
        table={{ "data-testid": "rank-history" }}
      >
        {shown.map((p) => (
          <tr key={p.date}>
            <th scope="row">
              <Link href={boardOn(p.date)} prefetch={false}>
                {p.date}
              </Link>
            </th>
            <td className="num">{p.rank ?? "off the board"}</td>
            <td className="num">{count(p.ranked)}</td>
          </tr>
        ))}
      </ColumnTable>
      <p className="small muted">
        Every change: <a href={api}>JSON</a> · <a href={`${api}?format=csv`}>CSV</a>.
      </p>
    </section>
  );
}
