import { HiddenReference, ReportRecord } from "@/components/workbench/report-record";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { PairView } from "@/lib/server/workbench/get-pair";
import { ReferenceBugLink } from "@/components/ui/reference-bug-link";

// The pair page's parts: the two reports side by side, the six signals against their thresholds, and who decided the
// pair (the judge's verdict, a maintainer's override).

const matchText = (match: boolean) => (match ? "Match" : "Not a match");

/** One sentence on who decided the pair and how, for the page's lede. */
export function describeDecision(pair: PairView): string {
  if (pair.override) return `${matchText(pair.override.decision === "match")}, decided by a maintainer`;
  if (pair.verdict) return `${matchText(pair.verdict.match)}, decided by the judge`;
  return pair.proposed ? "Not decided yet" : "Not a match: the prefilter did not send this pair to the judge";
}

/** The finding and the reference bug in full, side by side; a hidden reference shows its id only. */
export function PairReports({ pair }: { pair: PairView }) {
  const ref = pair.reference_bug;
  return (
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
              Reference bug <ReferenceBugLink repo={ref.repo} id={ref.id} benchmark={pair.submission.benchmark} />
            </>
          }
          report={ref}
        />
      )}
    </div>
  );
}

/** The six prefilter signals against their thresholds, or why no values are shown. */
export function PairSignals({ pair }: { pair: PairView }) {
  return (
    <>
      <h2 id="signals-heading">Signals</h2>
      {pair.signals ? (
        <ColumnTable
          label="Signals against their thresholds"
          caption="A pair goes to the judge when any signal reaches its threshold (Table 10 of the paper)."
          table={{ "aria-labelledby": "signals-heading" }}
          columns={["Signal", ...numericColumns("Value", "Threshold"), "Reached"]}
        >
          {pair.signals.map((s) => (
            <tr key={s.signal} className={s.reached ? "current" : undefined}>
              <th scope="row">{s.label}</th>
              <td className="num">{s.value.toFixed(3)}</td>
              <td className="num">{s.threshold.toFixed(2)}</td>
              <td>{s.reached ? "yes" : "no"}</td>
            </tr>
          ))}
        </ColumnTable>
      ) : (
        <p className="muted">
          {pair.proposed
            ? "Signal values are shown to maintainers only for this benchmark version."
            : "The prefilter did not keep this pair: no signal reached its threshold, so no values were stored."}
        </p>
      )}
    </>
  );
}

/** The judge's verdict with its rationale, then a maintainer's override when there is one. */
export function PairVerdict({ pair }: { pair: PairView }) {
  return (
    <>
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
          <dd>{matchText(pair.verdict.match)}</dd>
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
      {pair.override && <PairOverride override={pair.override} />}
    </>
  );
}

/** A maintainer's decision on the pair: match or not, why, and when and by whom. */
function PairOverride({ override }: { override: NonNullable<PairView["override"]> }) {
  return (
    <>
      <h3>Override</h3>
      <dl className="facts">
        <dt>Decision</dt>
        <dd>{matchText(override.decision === "match")}</dd>
        {override.reason && (
          <>
            <dt>Reason</dt>
            <dd className="pre-line">{override.reason}</dd>
          </>
        )}
        <dt>Decided</dt>
        <dd>
          {override.created_at.slice(0, 16).replace("T", " ")} UTC
          {override.created_by ? ` by ${override.created_by}` : ""}
        </dd>
      </dl>
    </>
  );
}
