import "server-only";
import Link from "next/link";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { StartPanelAttribution } from "@/components/admin/start-panel-attribution";
import { count, pct, pctInterval, usd } from "@/lib/format";
import { Pager } from "@/components/ui/pager";
import { pageFromSearchParam } from "@/lib/server/pagination";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { ProgressBar } from "@/components/ui/progress-bar";
import { env } from "@/lib/env";
import { readAttributionModel, readPanelConfig } from "@/lib/llm/panel-attribution-config";
import { PANEL_VERDICTS, REASON_LABELS, type RejectionReason, type ValidityCounts } from "@/lib/panel/verdicts";
import {
  type listPanelReviews,
  readAttributionJob,
  readPanelReviewsUnlessGrading,
  readPanelView,
} from "@/lib/server/panel/read-panel";
import type { Viewer } from "@/lib/auth/viewer";
import { panelReviewsQuerySchema } from "@/lib/contracts/panel";
import { parseOrThrow } from "@/lib/errors";

// The submission page's panel validation and bug-type attribution: figures for everyone who may see the submission,
// each sampled finding's verdicts and rationales for maintainers and admins, start buttons and progress for admins.

function validityText(c: ValidityCounts): string {
  if (c.validity === null) return c.sampled > 0 ? "– (nothing decided)" : "–";
  return `${pct(c.validity, 0)}% [${pctInterval(c.validity_interval)}]`;
}

type PanelView = NonNullable<Awaited<ReturnType<typeof readPanelView>>>;
type Reviews = NonNullable<Awaited<ReturnType<typeof listPanelReviews>>>;
type ProofOfConceptView = NonNullable<Reviews["findings"][number]["reviews"][number]["proof_of_concept"]>;
type AttributionJob = Awaited<ReturnType<typeof readAttributionJob>>;

/** The panel's figures: validity and its interval, verdicts, evidence, the panel's make-up and spend, two tables. */
function PanelFigures({ p, job }: { p: PanelView["panel"]; job: PanelView["job"] }) {
  return (
    <>
      <dl className="facts">
        <dt>Validity</dt>
        <dd data-testid="panel-validity">{validityText(p)}</dd>
        <dt>Verdicts</dt>
        <dd>
          {count(p.confirmed)} confirmed, {count(p.rejected)} rejected, {count(p.abstained)} abstained of{" "}
          {count(p.sampled)} sampled
        </dd>
        <dt>Evidence of the confirmations</dt>
        <dd data-testid="panel-evidence">
          {count(p.confirmed_with_poc)} with an executed proof of concept, {count(p.confirmed_reasoning_only)} on
          reasoning only (capped at low confidence)
        </dd>
        <dt>Repository read</dt>
        <dd data-testid="panel-text-only">
          {p.judged_text_only === 0
            ? "Every sampled finding was judged against its repository's snapshot"
            : `${count(p.sampled - p.judged_text_only)} sampled findings judged against their repository's snapshot; ${count(p.judged_text_only)} from their text alone (no snapshot imported)`}
        </dd>
        <dt>Panel</dt>
        <dd>
          {job.judges.join(", ")}; tier 2 {job.tier2_judge};{" "}
          {job.runs === "first"
            ? `${job.sample_size} findings of the first run`
            : `${job.sample_size} findings of every run`}
          ; {count(job.judge_calls)} verdicts, cost {usd(p.cost_usd)}
        </dd>
        <dt>Spent</dt>
        <dd data-testid="panel-spent">
          {usd(p.spent_usd)} in {count(job.spent_calls)} LLM call{job.spent_calls === 1 ? "" : "s"} (
          {count(job.spent_input_tokens)} prompt tokens, {count(job.spent_cached_input_tokens)} of them cached;{" "}
          {count(job.spent_output_tokens)} completion tokens), counted as each reply arrived: also replies asked again,
          context documents written for this panel, and calls of interrupted attempts
        </dd>
      </dl>
      <ColumnTable
        label="Validity by match"
        caption="Validity of findings that matched a reference bug and of those that matched none (the paper: 96% vs 84%)."
        columns={[
          "Findings",
          ...numericColumns("Sampled", "Confirmed", "Rejected", "Abstained", "Validity % [95% interval]"),
        ]}
      >
        {(
          [
            ["All sampled", p],
            ["Matched a reference bug", p.matched],
            ["Matched none", p.unmatched],
          ] as const
        ).map(([label, c]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="num">{count(c.sampled)}</td>
            <td className="num">{count(c.confirmed)}</td>
            <td className="num">{count(c.rejected)}</td>
            <td className="num">{count(c.abstained)}</td>
            <td className="num">{validityText(c)}</td>
          </tr>
        ))}
      </ColumnTable>
      <ColumnTable
        label="Rejections by reason"
        caption="Rejected findings by reason."
        columns={["Reason", ...numericColumns("Findings")]}
        empty={Object.keys(p.by_reason).length === 0 && "No finding was rejected."}
      >
        {Object.entries(p.by_reason)
          .sort((a, b) => b[1] - a[1])
          .map(([reason, n]) => (
            <tr key={reason}>
              <th scope="row">
                <code>{reason}</code>{" "}
                <span className="muted small">{REASON_LABELS[reason as RejectionReason] ?? ""}</span>
              </th>
              <td className="num">{count(n)}</td>
            </tr>
          ))}
      </ColumnTable>
    </>
  );
}

/** What a sandboxed judge ran for its verdict: the commands with their exit status and output. */
function ProofOfConcept({ poc }: { poc: ProofOfConceptView }) {
  return (
    <details className="panel-poc">
      <summary>
        {poc.ran
          ? `Proof of concept: ran ${poc.commands.length + poc.commands_omitted} ${poc.commands.length + poc.commands_omitted === 1 ? "command" : "commands"} in the sandbox`
          : "Worked in the sandbox without running a command (confidence capped)"}{" "}
        ({poc.turns} turns)
      </summary>
      {poc.commands.length === 0 ? (
        <p className="empty">No command was run.</p>
      ) : (
        <ol>
          {poc.commands.map((c, i) => (
            <li key={i}>
              <code>{c.command}</code> —{" "}
              {c.out_of_memory
                ? "killed: out of memory"
                : c.timed_out
                  ? "killed at its time limit"
                  : `exit status ${c.exit_code ?? "unknown"}`}
              <pre>{c.output || "(no output)"}</pre>
            </li>
          ))}
        </ol>
      )}
      {poc.commands_omitted > 0 && <p>{poc.commands_omitted} further commands not kept.</p>}
    </details>
  );
}

/** Maintainers and admins: each sampled finding with its verdicts and the judges' rationales, filtered and paged. */
function PanelReviews({
  id,
  reviews,
  verdictFilter,
}: {
  id: string;
  reviews: Reviews;
  verdictFilter: string | undefined;
}) {
  return (
    <>
      <h3 id="panel-findings">Sampled findings and the judges&apos; rationales</h3>
      <nav className="muted small" aria-label="Filter sampled findings by verdict">
        Show:{" "}
        {[undefined, "confirmed", "rejected", "abstained"].map((v) => (
          <span key={v ?? "all"}>
            {verdictFilter === v ? (
              <strong>{v ?? "all"}</strong>
            ) : (
              <Link href={`/submissions/${id}${v ? `?panel_verdict=${v}` : ""}#panel-findings`}>{v ?? "all"}</Link>
            )}{" "}
          </span>
        ))}
      </nav>
      <ul className="panel-findings" style={{ listStyle: "none", paddingLeft: 0 }}>
        {reviews.findings.map((f) => (
          <li key={f.opaque_id} className="card">
            <p>
              <strong>{f.verdict ?? "undecided"}</strong>
              {f.reason ? ` (${f.reason})` : ""}
              {f.severity ? `, severity ${f.severity}` : ""} · <code>{f.opaque_id}</code> · run {f.run + 1} ·{" "}
              {f.repository}{" "}
              <code>
                {f.file}:{f.line_start}-{f.line_end}
              </code>
              {f.matched ? " · matched a reference bug" : ""}
            </p>
            <p>{f.title}</p>
            <details>
              <summary>{f.reviews.length} verdicts and rationales</summary>
              <ul>
                {f.reviews.map((r) => (
                  <li key={`${r.tier}-${r.judge}`}>
                    Tier {r.tier}, {r.judge}: <strong>{r.verdict}</strong>
                    {r.reason ? ` (${r.reason})` : ""}, confidence {r.confidence ?? "–"}. {r.rationale}
                    {r.proof_of_concept && <ProofOfConcept poc={r.proof_of_concept} />}
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
        {reviews.findings.length === 0 && <li className="empty">No sampled finding has this verdict.</li>}
      </ul>
      <Pager
        info={reviews.pagination}
        path={`/submissions/${id}`}
        params={{ panel_verdict: verdictFilter }}
        noun="sampled findings"
      />
    </>
  );
}

/** Bug-type attribution: its state, what it classified and spent, and the admin's start button. */
function AttributionPart({
  id,
  scored,
  isAdmin,
  attribution,
}: {
  id: string;
  scored: boolean;
  isAdmin: boolean;
  attribution: AttributionJob;
}) {
  const attributionModel = readAttributionModel();
  return (
    <>
      <h2 id="attribution-heading">Bug-type attribution</h2>
      {!attribution &&
        (attributionModel.ok ? (
          <p className="empty">Bug types have not been attributed for this submission yet.</p>
        ) : (
          <p className="empty" data-testid="enable-attribution">
            {attributionModel.message}
          </p>
        ))}
      {attribution && (attribution.status === "queued" || attribution.status === "running") && (
        <div aria-live="polite">
          <p>
            Attribution {attribution.status}: {attribution.progress}%.
          </p>
          <ProgressBar label="Attribution progress" percent={attribution.progress} />
        </div>
      )}
      {attribution?.status === "failed" && (
        <p role="alert" className="card">
          Attribution failed: {attribution.error ?? "unknown reason"}
        </p>
      )}
      {attribution?.status === "done" && (
        <p>
          {count(attribution.classified)} findings (all of them) were attributed by <code>{attribution.model}</code> (
          <code>{attribution.prompt_version}</code>, {count(attribution.cached)} from the cache, cost{" "}
          {usd(attribution.cost_usd)} for {count(attribution.input_tokens)} prompt tokens,{" "}
          {count(attribution.cached_input_tokens)} of them cached, and {count(attribution.output_tokens)} completion
          tokens); {count(attribution.self_reported)} findings also carry the submitter&apos;s own category, kept as
          their label and not counted in the bug-type shares. The version&apos;s reference bugs are labelled by the same
          classifier in a job of their own, once per version, so both sides of the comparison are labelled alike. See{" "}
          <Link href="/bug-types">bug types</Link>.
        </p>
      )}
      {isAdmin && scored && (
        <StartPanelAttribution
          id={id}
          kind="attribution"
          again={Boolean(attribution)}
          disabledReason={
            !attributionModel.ok
              ? attributionModel.message
              : attribution?.status === "queued" || attribution?.status === "running"
                ? "Attribution is in progress."
                : null
          }
        />
      )}
    </>
  );
}

export async function PanelSection({
  id,
  scored,
  viewer,
  search,
}: {
  id: string;
  scored: boolean;
  viewer: Viewer;
  search: { panel_page?: string; panel_verdict?: string };
}) {
  const [view, attribution] = await Promise.all([readPanelView(id), readAttributionJob(id)]);
  const isAdmin = viewer?.role === "admin";
  const isStaff = isAdmin || viewer?.role === "maintainer";
  const panelConfig = readPanelConfig();
  const panelRunning = view?.job.status === "queued" || view?.job.status === "running";
  const active = panelRunning || attribution?.status === "queued" || attribution?.status === "running";
  // An unknown verdict filter in a hand-edited link shows every verdict rather than an error.
  const verdictFilter = (PANEL_VERDICTS as readonly string[]).includes(search.panel_verdict ?? "")
    ? search.panel_verdict
    : undefined;
  // Null while the viewer's grading of this panel is unfinished: the verdicts would unblind it.
  const reviews =
    viewer && isStaff && view?.panel.status === "done"
      ? await readPanelReviewsUnlessGrading(
          id,
          viewer,
          parseOrThrow(
            panelReviewsQuerySchema,
            { page: pageFromSearchParam(search.panel_page), per_page: 20, verdict: verdictFilter },
            "The query",
          ),
        )
      : null;
  const p = view?.panel;

  return (
    <section aria-labelledby="panel-heading">
      <AutoRefresh active={Boolean(active)} />
      <h2 id="panel-heading">Panel validation</h2>
      <p className="muted small">
        A sample of findings of the first run (in proportion to each repository&apos;s findings, as the paper&apos;s
        Table 14) is judged by two distinct LLM judges under opaque ids; a third, distinct judge settles their
        disagreements. Where the repository&apos;s snapshot was imported, every judge reads its code (not only the code
        the finding quotes) and, with a sandbox, may run a proof of concept. Validity = confirmed / (confirmed +
        rejected), with its 95% Clopper-Pearson interval; abstentions are excluded. A confirmation keeps a medium or
        high confidence only when its judge ran a proof of concept; otherwise it rests on reasoning and is capped at
        low.
      </p>
      {!view &&
        (panelConfig.ok ? (
          <p className="empty">
            No panel has validated this submission yet{isAdmin ? "" : "; validity is shown once an admin runs it"}.
          </p>
        ) : (
          <p className="empty" data-testid="enable-panel">
            {panelConfig.message}
          </p>
        ))}
      {view && (view.job.status === "queued" || view.job.status === "running") && (
        <div aria-live="polite">
          <p>
            Panel {view.job.status}: {view.job.progress}% ({count(view.panel.sampled)} findings sampled).
          </p>
          <ProgressBar label="Panel progress" percent={view.job.progress} />
        </div>
      )}
      {view?.job.status === "failed" && (
        <p role="alert" className="card">
          The panel failed: {view.job.error ?? "unknown reason"}
        </p>
      )}
      {view && view.job.status !== "failed" && view.job.error && view.job.status !== "done" && (
        <p className="muted small">Last problem (retrying): {view.job.error}</p>
      )}
      {view && p && p.status === "done" && <PanelFigures p={p} job={view.job} />}
      {isAdmin && scored && (
        <StartPanelAttribution
          id={id}
          kind="panel"
          again={Boolean(view)}
          defaultSampleSize={env.PANEL_SAMPLE_SIZE}
          disabledReason={!panelConfig.ok ? panelConfig.message : panelRunning ? "A panel is in progress." : null}
        />
      )}

      {reviews && <PanelReviews id={id} reviews={reviews} verdictFilter={verdictFilter} />}
      {isStaff && view?.panel.status === "done" && !reviews && (
        <p className="card" data-testid="panel-reviews-hidden">
          You are grading this panel&apos;s sample: its verdicts and rationales appear here once you have graded every
          finding of it on <Link href="/grading/panels">the grading page</Link>.
        </p>
      )}

      <AttributionPart id={id} scored={scored} isAdmin={isAdmin} attribution={attribution} />
    </section>
  );
}
