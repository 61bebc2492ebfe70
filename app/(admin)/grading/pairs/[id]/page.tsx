import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { getLabelPair, listLabelPairs } from "@/lib/server/grading/label-pairs";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BugText } from "@/components/grading/bug-text";
import { ChoiceForm } from "@/components/grading/judgement-forms";
import { formatUtc } from "@/lib/format";

// One pair, blind until labelled (docs/grading.md): the server reads nothing hidden before the label exists.
export const metadata: Metadata = { title: "Label a pair", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

const CHOICES = [
  { value: "same", label: "Same root cause" },
  { value: "different", label: "Different" },
  { value: "debatable", label: "Debatable" },
] as const;
const labelText = (l: string) => CHOICES.find((c) => c.value === l)?.label ?? l;

type Verdict = { judge_model: string; prompt_version: string; match: boolean; rationale: string };

/** Verdicts that say the same thing (model, prompt, decision, rationale) once each, in first-seen order. */
function distinctVerdicts(verdicts: Verdict[]): { verdict: Verdict; times: number }[] {
  const seen = new Map<string, { verdict: Verdict; times: number }>();
  for (const v of verdicts) {
    const key = JSON.stringify([v.judge_model, v.prompt_version, v.match, v.rationale]);
    const known = seen.get(key);
    if (known) known.times++;
    else seen.set(key, { verdict: v, times: 1 });
  }
  return [...seen.values()];
}

export default async function LabelPairPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageStaff(`/grading/pairs/${id}`);
  const pair = await loadOr404(() => getLabelPair(user, id));
  const back = `/grading/pairs?benchmark=${encodeURIComponent(pair.benchmark)}`;
  // Neighbours in the list's order, for the previous / next keys.
  const { pairs } = await listLabelPairs(user, { benchmark: pair.benchmark, kind: pair.kind });
  const at = pairs.findIndex((p) => p.id === pair.id);
  const href = (p: { id: string } | null | undefined) => (p ? `/grading/pairs/${p.id}` : null);
  // Every scoring writes its verdict again: the same verdict is listed once, with how often it was given.
  const verdicts = pair.reveal ? distinctVerdicts(pair.reveal.verdicts) : [];
  return (
    <>
      <p>
        <Link href={back}>All pairs of {pair.benchmark}</Link>
      </p>
      <h1>Pair #{pair.position}</h1>
      <p className="lede">
        Would fixing the root cause of one report also fix the other? Say <em>debatable</em> when reasonable people
        would disagree; such pairs are reported apart.
      </p>
      <div className="side-by-side">
        <BugText heading="Finding" text={pair.left} headingId="left-heading" />
        <BugText
          heading={pair.kind === "reference" ? "Reference bug" : "Other finding"}
          text={pair.right}
          headingId="right-heading"
        />
      </div>
      <section className="card" aria-labelledby="label-heading">
        <h2 id="label-heading">Your label</h2>
        <ChoiceForm
          key={pair.id}
          target={{ kind: "label", pair: pair.id }}
          legend="Same defect?"
          choices={CHOICES}
          current={pair.my_label}
          textLabel="Note (optional)"
          shortcuts={{
            self: `/grading/pairs/${pair.id}`,
            advance: pair.next_unlabelled && `/grading/pairs/${pair.next_unlabelled}`,
            previous: href(pairs[at - 1]),
            next: href(pairs[at + 1]),
          }}
        />
        {pair.next_unlabelled && (
          <p>
            <Link href={`/grading/pairs/${pair.next_unlabelled}`}>Next unlabelled pair</Link>
          </p>
        )}
      </section>
      {pair.reveal ? (
        <section className="card" aria-labelledby="reveal-heading" data-testid="reveal">
          <h2 id="reveal-heading">What the judge said</h2>
          <p>
            Drawn from{" "}
            {pair.reveal.stratum === "judged_match"
              ? "pairs the judge matched"
              : pair.reveal.stratum === "judged_no_match"
                ? "pairs the judge rejected"
                : "pairs the prefilter never sent to the judge"}
            , in submission{" "}
            <Link href={`/submissions/${pair.reveal.submission.id}`}>{pair.reveal.submission.model}</Link>
            {pair.reveal.submission.submitter ? ` (submitted by ${pair.reveal.submission.submitter})` : ""}.
          </p>
          {verdicts.length === 0 ? (
            <p className="muted">No judge configuration has judged this pair.</p>
          ) : (
            <ul>
              {verdicts.map(({ verdict: v, times }, i) => (
                <li key={i}>
                  <strong>{v.match ? "Match" : "Not a match"}</strong> by {v.judge_model} (prompt {v.prompt_version}
                  {times > 1 ? `, given ${times} times` : ""}): {v.rationale}
                </li>
              ))}
            </ul>
          )}
          {pair.reveal.signals && (
            <p className="small">
              Signals:{" "}
              {Object.entries(pair.reveal.signals)
                .map(([k, v]) => `${k.replaceAll("_", " ")} ${v.toFixed(3)}`)
                .join(", ")}
            </p>
          )}
          <h3>Labels (history kept)</h3>
          <ul>
            {pair.reveal.labels.map((l, i) => (
              <li key={i}>
                {formatUtc(l.created_at, "minute")} {l.by ?? "a deleted user"}: <strong>{labelText(l.label)}</strong>
                {l.after_reveal ? " (after seeing the verdict)" : ""}
                {l.note ? `: ${l.note}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="muted">
          The judge&apos;s verdict, the signals and the submission appear once your label is saved.
        </p>
      )}
    </>
  );
}
