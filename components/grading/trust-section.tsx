import Link from "next/link";
import type { JudgeQuality, WeightedEstimateAnswer } from "@/lib/contracts/grading-figures";
import type { Proportion } from "@/lib/contracts/common";
import { GRADES, PANEL_VERDICTS } from "@/lib/grading/panel-grades";
import { formatUtc, NO_VALUE, pct, pctInterval } from "@/lib/format";
import { scrollRegion } from "@/components/ui/scroll-region";
import { ColumnTable } from "@/components/ui/column-table";

// "How far to trust the judges" on /method (docs/grading.md): each LLM judgment of one benchmark version measured
// against people, live from the stored labels, grades and marks, beside the paper's own figures.

/** "93.1% (122 of 131; 95% CI 87.4–96.8)", or n/a with the count when there is nothing to divide. */
export function Figure({ p }: { p: Proportion }) {
  if (p.value === null) return <span className="muted">{NO_VALUE}</span>;
  return (
    <>
      <strong>{pct(p.value)}%</strong>{" "}
      <span className="muted small">
        ({p.successes} of {p.trials}; {pctInterval(p.interval)})
      </span>
    </>
  );
}

/** "83.2% (95% CI 55.4–97.1; 81 labelled, effective n 15)": a figure weighted by the sample's design. */
function WeightedFigure({ w }: { w: WeightedEstimateAnswer }) {
  if (w.value === null) return <span className="muted">{NO_VALUE}</span>;
  return (
    <>
      <strong>{pct(w.value)}%</strong>{" "}
      <span className="muted small">
        ({pctInterval(w.interval)}; {w.labelled} labelled
        {w.effective_n !== null && w.effective_n < w.labelled ? `, effective n ${Math.round(w.effective_n)}` : ""})
      </span>
    </>
  );
}

const kappaText = (k: JudgeQuality["reference_set"]["kappa"]) =>
  k.kappa === null
    ? NO_VALUE
    : `${k.kappa.toFixed(2)} (95% CI ${k.interval![0].toFixed(2)} to ${k.interval![1].toFixed(2)}; ${k.n} items)`;

const LABELLED_ENOUGH = 50;

function MatcherBlock({
  m,
  title,
  labellingHref,
}: {
  m: JudgeQuality["matcher"]["reference"];
  title: string;
  labellingHref: string;
}) {
  return (
    <>
      <h3>{title}</h3>
      {m.labelled_pairs === 0 ? (
        <p className="card empty-state">
          No labelled pairs yet: maintainers label {LABELLED_ENOUGH} on{" "}
          <Link href={labellingHref}>the labelling page</Link> to see the judge&apos;s precision.
        </p>
      ) : (
        <>
          <p>
            {m.labelled_pairs} {m.labelled_pairs === 1 ? "pair" : "pairs"} labelled blind ({m.by_label.same} same root
            cause, {m.by_label.different} different, {m.by_label.debatable} debatable, reported apart);{" "}
            {m.unlabelled_pairs} drawn and not labelled yet.
            {m.labelled_pairs < LABELLED_ENOUGH &&
              ` Label ${LABELLED_ENOUGH - m.labelled_pairs} more for tighter intervals.`}{" "}
            {m.labels_changed_after_reveal > 0 &&
              `${m.labels_changed_after_reveal} labels were changed after seeing the verdict (the blind label counts). `}
            {m.kind === "reference" &&
              `Maintainer overrides, labels written with the verdict seen, are counted apart: ${m.overrides.count} (${m.overrides.reversed_judge} reversing the judge).`}
          </p>
          <p className="muted small">
            Recall and agreement are weighted by how the pairs were drawn: each stratum (judged a match, judged no
            match, never sent to the judge) counts by its size, not by its share of the sample; 95% intervals by
            Clopper-Pearson at the design&apos;s effective sample size. Precision is the plain count.
            {m.weighting.reason && ` These figures ${m.weighting.reason}.`}
            {m.weighting.pairs_left_out > 0 &&
              ` ${m.weighting.pairs_left_out} labelled pairs of samples drawn before populations were stored are left out of them.`}
          </p>
          {m.filters.map((f) => (
            <p key={`${f.prefilter_version}/${f.embedder}`}>
              Prefilter {f.prefilter_version} with {f.embedder} keeps <WeightedFigure w={f.recall} /> of the matches
              {f.recall.value === null && (
                <>
                  {" "}
                  (no weighted figure yet: <Link href={labellingHref}>label more pairs</Link>)
                </>
              )}
              .
              {f.filtered_out?.too_thin &&
                ` Too few filtered-out pairs are labelled to bound its misses: they may hide up to ${Math.round(f.filtered_out.upper_matches)} matches (recall as low as ${pct(f.filtered_out.recall_floor)}%).`}
            </p>
          ))}
          {m.configurations.length === 0 ? (
            <p className="muted">No judge configuration has a verdict on a labelled pair yet.</p>
          ) : (
            <ColumnTable
              label={`${title}: judge configurations`}
              table={{ "data-testid": `judge-quality-${m.kind}` }}
              caption="Per judge configuration, with the filter (pairs it never sent count as “no match”). Judge alone: only the pairs it judged."
              columns={[
                "Configuration",
                "Precision",
                "Recall",
                "Agreement",
                "Judge alone: precision / recall",
                "Debatable judged a match",
                "Repeat agreement",
              ]}
            >
              {m.configurations.map((c) => (
                <tr key={`${c.judge_model}/${c.prompt_version}/${c.prefilter_version}/${c.embedder}`}>
                  <th scope="row" className="wrap">
                    {c.judge_model}, prompt {c.prompt_version}
                    <br />
                    <span className="muted small">
                      prefilter {c.prefilter_version}, {c.embedder}
                      {c.in_use ? " (in use)" : ""}
                    </span>
                  </th>
                  <td>
                    <Figure p={c.with_filter.precision} />
                  </td>
                  <td>
                    <WeightedFigure w={c.with_filter.recall} />
                  </td>
                  <td>
                    <WeightedFigure w={c.with_filter.agreement} />
                  </td>
                  <td>
                    {pct(c.judge_alone.precision.value)} / {pct(c.judge_alone.recall.value)}
                  </td>
                  <td>
                    {c.debatable.judged_match} of {c.debatable.pairs}
                  </td>
                  <td>
                    <Figure p={c.repeat_agreement} />
                  </td>
                </tr>
              ))}
            </ColumnTable>
          )}
        </>
      )}
    </>
  );
}

// Disagreements listed on the page per repeat; the JSON and the staff API list every one.
const SHOWN_DISAGREEMENTS = 20;

/** §2.3's repeat agreement, measured on purpose: each finished repeat of a public scoring's verdicts. */
function RepeatAgreement({ repeats }: { repeats: JudgeQuality["repeat_agreement"] }) {
  return (
    <>
      <h3>Repeat agreement (§2.3)</h3>
      <p className="muted small">
        The paper&apos;s later filtered runs agree with the first on at least 99.8% of pairs. The verdict cache never
        asks a judge the same pair twice, so maintainers measure it on purpose: a seeded sample of the pairs a scoring
        judged is asked again of the same judge (model, prompt, endpoint) with the cache bypassed.
      </p>
      {repeats.length === 0 ? (
        <p className="card empty-state">No repeat of a public scoring&apos;s verdicts has finished yet.</p>
      ) : (
        <ul data-testid="repeat-agreement">
          {repeats.map((r) => (
            <li key={r.id}>
              {r.judge_model}, prompt {r.prompt_version}: the repeat kept the first verdict on{" "}
              <Figure p={r.agreement} /> of the pairs asked again (seed {r.seed}
              {r.undecided > 0 ? `; ${r.undecided} left undecided` : ""}), against the paper&apos;s at least{" "}
              {pct(r.paper)}%{r.below_paper ? ": this sample rules the paper's figure out" : ""}.
              {r.disagreements.length > 0 && (
                <>
                  {" "}
                  Changed: {r.match_then_no_match} match to no match, {r.no_match_then_match} no match to match (
                  {r.disagreements
                    .slice(0, SHOWN_DISAGREEMENTS)
                    .map((d) => `finding ${d.finding_id} / reference bug ${d.reference_bug_id}`)
                    .join("; ")}
                  {r.disagreements.length > SHOWN_DISAGREEMENTS &&
                    `; ${r.disagreements.length - SHOWN_DISAGREEMENTS} more in the JSON`}
                  ).
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CrossTable({ table, caption }: { table: JudgeQuality["panel"]["pooled"]["table"]; caption: string }) {
  return (
    <div className="table-wrap" {...scrollRegion(caption)}>
      <table data-testid="grading-cross-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Grader \ panel</th>
            {PANEL_VERDICTS.map((v) => (
              <th key={v} scope="col" className="num">
                {v}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {GRADES.map((g) => (
            <tr key={g}>
              <th scope="row">{g}</th>
              {PANEL_VERDICTS.map((v) => (
                <td key={v} className="num">
                  {table[g][v]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TrustSection({ quality }: { quality: JudgeQuality }) {
  const labelling = `/grading/pairs?benchmark=${encodeURIComponent(quality.benchmark)}`;
  const { panel, reference_set: audit } = quality;
  return (
    <section aria-labelledby="judges" data-testid="trust-section">
      <h2 id="judges">How far to trust the judges</h2>
      <p>
        Every number here rests on three LLM judgments. Maintainers of {quality.benchmark} measure each against people,
        blind to what the LLM said, and the figures below follow their work live (95% Clopper–Pearson intervals). The
        paper reports 98.8% precision and 97.6% recall for its matcher against 67 expert-validated matches, 93%
        agreement between a blind grader and the panel on 131 conclusive findings (grader confirms 79%, panel 85%), and
        a kappa of 0.29 between the expert and agent audits of its reference set. Also as{" "}
        <a href={`/api/v1/grading/judge-quality?benchmark=${encodeURIComponent(quality.benchmark)}`}>JSON</a> and{" "}
        <a href={`/api/v1/grading/judge-quality?benchmark=${encodeURIComponent(quality.benchmark)}&format=csv`}>CSV</a>.
      </p>
      <p data-testid="active-judge">
        New scorings use the judge <strong>{quality.active_judge.model}</strong>
        {quality.active_judge.source === "stored"
          ? `, which an admin switched to after trying it on the labelled pairs${quality.active_judge.since ? ` (${formatUtc(quality.active_judge.since, "minute")} UTC)` : ""}.`
          : quality.active_judge.source === "environment"
            ? " (the configured JUDGE_MODEL)."
            : ": no LLM endpoint is configured, so the offline rule judges."}{" "}
        Scores keep the judge they were scored with.
      </p>
      <MatcherBlock
        m={quality.matcher.reference}
        title="The matcher: findings against reference bugs"
        labellingHref={labelling}
      />
      <MatcherBlock m={quality.matcher.duplicate} title="Duplicates across runs" labellingHref={labelling} />
      <RepeatAgreement repeats={quality.repeat_agreement} />
      <h3>The panel against a blind grader (Table 15)</h3>
      {panel.pooled.graded === 0 ? (
        <p className="card empty-state">
          No graded panel sample yet: maintainers grade a panel&apos;s sample on the grading page to see how far the
          panel agrees with people.
        </p>
      ) : (
        <>
          <p>
            {panel.pooled.graded} findings graded; on the {panel.pooled.conclusive} both judged conclusively they agree{" "}
            <Figure p={panel.pooled.agreement} />; the grader confirms <Figure p={panel.pooled.grader_confirm_rate} />,
            the panel <Figure p={panel.pooled.panel_confirm_rate} />.
            {panel.second_grader.n > 0 &&
              ` Two graders of the same findings: Cohen's kappa ${kappaText(panel.second_grader)}.`}
          </p>
          <CrossTable table={panel.pooled.table} caption={`Pooled over ${quality.benchmark}`} />
          {panel.submissions.map((s) => (
            <div key={s.submission_id} id={`grading-${s.submission_id}`}>
              <h4>
                {s.model}
                {s.reasoning_effort ? ` (${s.reasoning_effort})` : ""}
              </h4>
              <p>
                Agreement on {s.conclusive} conclusive: <Figure p={s.agreement} />; grader confirms{" "}
                <Figure p={s.grader_confirm_rate} />, panel <Figure p={s.panel_confirm_rate} />.
              </p>
              <CrossTable table={s.table} caption={`${s.model}: grader against panel`} />
            </div>
          ))}
        </>
      )}
      <h3>The reference set (§2.2)</h3>
      {audit.audited === 0 ? (
        <p className="card empty-state">
          No reference bug audited yet: maintainers draw a sample of 100 on the reference audit page and mark each one.
        </p>
      ) : (
        <p>
          {audit.audited} reference bugs audited by {audit.auditors} auditor{audit.auditors === 1 ? "" : "s"}:{" "}
          {audit.marks.valid} valid, {audit.marks.invalid} invalid, {audit.marks.unsure} unsure; invalid{" "}
          <Figure p={audit.invalid_share} />. The false-positive auditor (an LLM agent, §F.3.1) marked{" "}
          {audit.agent.marked} of them and flagged {audit.agent.flagged}
          {audit.agent.models.length > 0 ? ` (${audit.agent.models.join(", ")})` : ""}. Agreement of the human audit
          with the agent&apos;s, valid against invalid (the paper&apos;s 0.29 compares the same two raters):
          Cohen&apos;s kappa{" "}
          {audit.kappa.n > 0
            ? kappaText(audit.kappa)
            : `${NO_VALUE} (no audited bug carries the agent's mark: versions built here get it from the build's audit)`}
          . Marks never change a score.
        </p>
      )}
    </section>
  );
}
