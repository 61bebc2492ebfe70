import Link from "next/link";
import { count, pct, usd } from "@/lib/format";
import { retainedShare } from "@/lib/analyses/paper-figures";
import type { SubmissionDetail } from "@/lib/server/leaderboard/get-submission-detail";
import { OfflineBadge, OfflineEmbedderBadge } from "@/components/ui/source-badge";

// The submission page's "How it was scored": the judge, embeddings, prefilter, calls and faults of a score made
// here, or where a reported entry's numbers come from.

/** The prefilter thresholds stored with a score (name to value); anything else shows as none. */
function thresholdsOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/** Dollars with a cent's precision, and two significant digits below a cent (a small scoring is not "$0.00"). */
function smallUsd(value: number): string {
  return value > 0 && value < 0.01 ? `$${value.toPrecision(2)}` : usd(value);
}

/** How the submission was scored (judge, embeddings, prefilter, calls, faults), or where reported numbers come from. */
export function HowItWasScored({ detail: d }: { detail: SubmissionDetail }) {
  return (
    <>
      <h2>How it was scored</h2>
      {d.scoring ? (
        <dl className="facts">
          <dt>Judge</dt>
          <dd>
            {d.scoring.judge_model} {d.scoring.offline_judge && <OfflineBadge />}
          </dd>
          <dt>Prompt version</dt>
          <dd>
            <code>{d.scoring.prompt_version}</code>
          </dd>
          <dt>Embeddings</dt>
          <dd>
            {d.scoring.embedding_provider} / {d.scoring.embedding_model}{" "}
            {d.scoring.offline_embedder && <OfflineEmbedderBadge />}
            {d.scoring.offline_embedder && (
              <p className="small" data-testid="offline-embedder-note">
                The offline embedder is a lexical stand-in for all-MiniLM-L6-v2, and its cosines sit far below the
                paper&apos;s thresholds (a paraphrase scores about 0.39, unrelated texts about 0.04, against 0.57 and
                0.65). Two of the six prefilter signals, the full-text and description embeddings, therefore rarely send
                a pair to the judge: pairs that only an embedding would have caught can be missed, so recall and merged
                duplicates may be lower than with MiniLM.
              </p>
            )}
          </dd>
          <dt>Prefilter version</dt>
          <dd>
            <code>{d.scoring.prefilter_version}</code> (tokenizer, paths and candidate rules; a score of another version
            may have judged other pairs)
          </dd>
          <dt>Benchmark version</dt>
          <dd>
            <code>{d.scoring.benchmark_version}</code>
          </dd>
          <dt>Prefilter thresholds</dt>
          <dd>
            {Object.entries(thresholdsOf(d.scoring.thresholds))
              .map(([k, v]) => `${k} ${v}`)
              .join(", ")}
          </dd>
          <dt>Candidate pairs</dt>
          <dd>
            {count(d.scoring.kept_pairs)} of {count(d.scoring.compared_pairs)} compared pairs went to the judge
            {d.scoring.compared_pairs > 0 &&
              ` (${pct(retainedShare(d.scoring.kept_pairs, d.scoring.compared_pairs), 1)}% of the within-repository pairs${
                d.publishedRetainedShare !== null
                  ? `; the paper's prefilter: ${pct(d.publishedRetainedShare, 1)}%, §2.3`
                  : ""
              })`}
          </dd>
          <dt>Judge calls</dt>
          <dd>
            {d.scoring.offline_judge
              ? `none: the offline judge decides each pair locally, at no cost (${count(d.scoring.cached_verdicts)} verdicts reused from the cache)`
              : `${count(d.scoring.judge_calls)}${d.scoring.batch_calls ? `, ${count(d.scoring.batch_calls)} of them through the Batch API at its discount` : ""} (${count(d.scoring.cached_verdicts)} verdicts reused from the cache)`}
          </dd>
          {!d.scoring.offline_judge && (
            <>
              <dt>Judge tokens and cost</dt>
              <dd data-testid="judge-cost">
                {count(d.scoring.input_tokens)} input tokens ({count(d.scoring.cached_input_tokens)} served by the
                provider&apos;s prompt cache), {count(d.scoring.output_tokens)} output tokens:{" "}
                {d.scoring.judge_cost_usd === null
                  ? `cost unknown (no price for ${d.scoring.judge_model} in MODEL_PRICES_JSON)`
                  : smallUsd(d.scoring.judge_cost_usd)}
              </dd>
            </>
          )}
          {d.runCount > 1 && (
            <>
              <dt>Merging duplicates</dt>
              <dd>
                {count(d.scoring.cross_run.kept)} of {count(d.scoring.cross_run.compared)} pairs of findings (of one run
                or of two runs) kept as possible duplicates, of which {count(d.scoring.cross_run.within_run_kept)} of{" "}
                {count(d.scoring.cross_run.within_run_compared)} within one run: {count(d.scoring.cross_run.judged)}{" "}
                judged, {count(d.scoring.cross_run.cached)} decided from the cache,{" "}
                {count(d.scoring.cross_run.skipped_connected)} skipped as already connected
              </dd>
            </>
          )}
          <dt>Faults survived</dt>
          <dd>
            {d.scoring.retries || d.scoring.malformed_replies
              ? `${count(d.scoring.retries)} judge request${d.scoring.retries === 1 ? "" : "s"} retried (rate limits, server errors, timeouts), ${count(d.scoring.malformed_replies)} malformed repl${d.scoring.malformed_replies === 1 ? "y" : "ies"} asked again`
              : d.scoring.offline_judge
                ? "none: the offline judge makes no request"
                : "none: every judge request was answered the first time"}
          </dd>
          <dt>Matches decided by a maintainer</dt>
          <dd>
            {d.scoring.maintainer_decided_matches ? count(d.scoring.maintainer_decided_matches) : "none"} (a
            maintainer&apos;s override replaces the judge&apos;s verdict on a pair, as a match or as no match;{" "}
            <Link href={`/submissions/${d.id}/matches`}>matches per repository</Link> say who decided each)
          </dd>
        </dl>
      ) : d.source === "reported" ? (
        <div className="prose">
          <p>
            Not scored here. These numbers are transcribed from the publication
            {d.reportUrl ? (
              <>
                {" "}
                (<a href={d.reportUrl}>source</a>)
              </>
            ) : null}
            . Counts are derived from the published percentages (matched = round(percentage × total)); values the
            publication does not give are left empty.
          </p>
          {typeof d.reported?.notes === "string" && <p className="muted">Note: {d.reported.notes}</p>}
          <PanelFacts reported={d.reported} />
        </div>
      ) : (
        <p className="muted">Scoring details are not available yet (status: {d.scoringStatus}).</p>
      )}
    </>
  );
}

function PanelFacts({ reported }: { reported: Record<string, unknown> | null }) {
  const panel = reported?.panel as
    { confirmed?: number; rejected?: number; abstained?: number; validity?: number; ci?: [number, number] } | undefined;
  if (!panel) return null;
  return (
    <>
      <h3>Panel validation (Table 14)</h3>
      <dl className="facts">
        <dt>Validity</dt>
        <dd>
          {panel.validity !== undefined ? `${panel.validity}%` : "–"}
          {panel.ci ? ` (95% interval ${panel.ci[0]}–${panel.ci[1]}%)` : ""}
        </dd>
        {panel.confirmed !== undefined && (
          <>
            <dt>Verdicts</dt>
            <dd>
              {panel.confirmed} confirmed, {panel.rejected ?? "–"} rejected, {panel.abstained ?? "–"} abstained
            </dd>
          </>
        )}
      </dl>
    </>
  );
}
