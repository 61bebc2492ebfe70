import type { Metadata } from "next";
import Link from "next/link";
import { requirePageStaff } from "@/lib/server/auth/current-user";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";
import { listLabelPairs } from "@/lib/server/grading/label-pairs";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { GradingNav } from "@/components/grading/grading-nav";
import { DrawForm } from "@/components/grading/judgement-forms";
import { StartRepeatForm } from "@/components/grading/repeat-form";
import { listRepeatJudgings } from "@/lib/server/grading/repeat-judging-view";
import { scrollRegion } from "@/components/ui/scroll-region";
import { formatUtc } from "@/lib/format";

// Labelling the matcher's pairs, blind (docs/grading.md): maintainers draw samples and label each pair.
export const metadata: Metadata = { title: "Label matcher pairs", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const LABELS = { same: "Same root cause", different: "Different", debatable: "Debatable" } as const;

export default async function LabelPairsPage({ searchParams }: Props) {
  const user = await requirePageStaff("/grading/pairs");
  const params = await searchParams;
  const benchmarks = await listPublicBenchmarks();
  const current = (typeof params.benchmark === "string" && params.benchmark) || benchmarks[0]?.key;
  if (!current) return <p className="card empty-state">Import a benchmark version first.</p>;
  const [{ samples, pairs }, { repeats, budget_calls }] = await Promise.all([
    loadOr404(() => listLabelPairs(user, { benchmark: current })),
    loadOr404(() => listRepeatJudgings({ benchmark: current })),
  ]);
  const mine = pairs.filter((p) => p.my_label !== null).length;
  const next = pairs.find((p) => p.my_label === null);
  return (
    <>
      <h1>Label matcher pairs</h1>
      <GradingNav current="pairs" benchmark={current} admin={user.role === "admin"} />
      <p className="lede">
        Decide for each pair whether the two reports describe the same defect (fixing the root cause of one would fix
        the other). You see the two texts and their code only: the judge&apos;s verdict, the signals and the submission
        appear once your label is saved. The judge&apos;s precision and recall against these labels are on{" "}
        <Link href={`/method?benchmark=${encodeURIComponent(current)}#judges`}>the method page</Link>.
      </p>
      <BenchmarkSelector
        benchmarks={benchmarks}
        current={current}
        hrefFor={(b) => benchmarkQueryHref("/grading/pairs", b)}
      />
      <p>
        You labelled <strong>{mine}</strong> of {pairs.length} pairs.{" "}
        {next && <Link href={`/grading/pairs/${next.id}`}>Label the next pair (#{next.position})</Link>}
      </p>
      {pairs.length === 0 && (
        <p className="card empty-state">
          No pairs to label yet: draw a sample of 50 below and label them to see the judge&apos;s precision.
        </p>
      )}
      <h2>Draw a sample</h2>
      <p className="muted small">
        Pairs are drawn from the current scorings of this version: 40% the judge matched, 40% it rejected, 20% the
        prefilter never sent to it (so its misses are counted too), by a recorded seed, and listed in an order that says
        nothing of their stratum. A pair already drawn is never drawn again.
      </p>
      <DrawForm draw="pairs" benchmark={current} noun="sample" defaultSize={50} />
      <h2>Repeat agreement (§2.3)</h2>
      <p className="muted small">
        Asks a scoring&apos;s judge again about a seeded sample of the pairs it judged, the verdict cache bypassed, and
        counts how often it keeps its first verdict (the paper: at least 99.8%). One call a pair, estimated from the
        first verdicts&apos; tokens at the price table&apos;s rates before any call; trials and repeats running together
        hold at most {budget_calls.toLocaleString("en-US")} calls (JUDGE_CALL_BUDGET). Results, with every disagreement,
        are on <Link href={`/method?benchmark=${encodeURIComponent(current)}#judges`}>the method page</Link> for public
        submissions, and in the API for all.
      </p>
      <StartRepeatForm />
      {repeats.length > 0 && (
        <ul data-testid="repeat-judgings">
          {repeats.map((r) => (
            <li key={r.id}>
              {formatUtc(r.created_at, "minute")}: {r.judge_model}, {r.pairs} pairs of submission{" "}
              <code>{r.submission_id}</code>, {r.status}
              {r.status === "done" && r.agreement.value !== null
                ? `: ${r.agreement.successes} of ${r.agreement.trials} kept their verdict`
                : r.status === "running"
                  ? ` (${r.progress}%)`
                  : ""}
              {r.error ? ` (${r.error})` : ""}
            </li>
          ))}
        </ul>
      )}
      {samples.length > 0 && (
        <>
          <h2>Samples</h2>
          <ul>
            {samples.map((s) => (
              <li key={s.id}>
                {formatUtc(s.created_at, "minute")}: {s.kind === "reference" ? "reference" : "duplicate"} pairs, asked{" "}
                {s.requested}, {s.pairs} drawn, you labelled {s.labelled_by_me}
                {s.design ? (
                  <>
                    {" "}
                    (seed <code>{s.design.seed}</code>: {s.design.drawn.judged_match} judged matches,{" "}
                    {s.design.drawn.judged_no_match} judged no-matches, {s.design.drawn.filtered_out} filtered out)
                  </>
                ) : (
                  <span className="muted"> (seed and strata shown once you have labelled every pair)</span>
                )}
              </li>
            ))}
          </ul>
          <h2>Pairs</h2>
          <div className="table-wrap" {...scrollRegion("Pairs to label")}>
            <table data-testid="label-pairs">
              <caption className="visually-hidden">Pairs to label</caption>
              <thead>
                <tr>
                  <th scope="col">Pair</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Your label</th>
                  <th scope="col" className="num">
                    Labellers
                  </th>
                </tr>
              </thead>
              <tbody>
                {pairs.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link href={`/grading/pairs/${p.id}`}>#{p.position}</Link>
                    </td>
                    <td>{p.kind === "reference" ? "finding / reference bug" : "finding / finding"}</td>
                    <td>{p.my_label ? LABELS[p.my_label] : <span className="muted">not yet</span>}</td>
                    <td className="num">{p.labellers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
