import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";
import { listJudgeTrials } from "@/lib/server/grading/list-trials";
import type { JudgeTrialAnswer } from "@/lib/contracts/grading-trials";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { AutoRefresh } from "@/components/account/auto-refresh";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { StartTrialForm, SwitchJudgeButton } from "@/components/grading/trial-form";
import { Figure } from "@/components/grading/trust-section";
import { GradingNav } from "@/components/grading/grading-nav";
import { ProgressBar } from "@/components/ui/progress-bar";
import { scrollRegion } from "@/components/ui/scroll-region";
import { formatUtc } from "@/lib/format";

// Candidate-judge trials (docs/grading.md): an admin tries another judge model on the labelled pairs, next to
// the judge in use on the same pairs, and may switch new scoring to it.
export const metadata: Metadata = { title: "Judge trials", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const SOURCE = {
  stored: "switched to by an admin after a trial",
  environment: "the configured JUDGE_MODEL",
  offline: "no LLM endpoint is configured: the offline rule",
} as const;

function Comparison({ trial }: { trial: JudgeTrialAnswer }) {
  const c = trial.comparison!;
  const rows = [
    { name: "Precision", key: "precision" },
    { name: "Recall", key: "recall" },
    { name: "Agreement", key: "agreement" },
  ] as const;
  return (
    <div className="table-wrap" {...scrollRegion(`Trial of ${trial.candidate_model}`)}>
      <table data-testid="trial-comparison">
        <caption>
          On the same {c.pairs} labelled pairs (95% Clopper–Pearson intervals); debatable pairs left out.
        </caption>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">In use when started: {trial.current_model}</th>
            <th scope="col">Candidate: {trial.candidate_model}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              <td>
                <Figure p={c.current[r.key]} />
              </td>
              <td>
                <Figure p={c.candidate[r.key]} />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Matches judged right / wrong / missed</th>
            <td>
              {c.current.true_positives} / {c.current.false_positives} / {c.current.false_negatives}
            </td>
            <td>
              {c.candidate.true_positives} / {c.candidate.false_positives} / {c.candidate.false_negatives}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export default async function JudgeTrialsPage({ searchParams }: Props) {
  await requirePageAdmin("/grading/trials");
  const params = await searchParams;
  const benchmarks = await listPublicBenchmarks();
  const current = (typeof params.benchmark === "string" && params.benchmark) || benchmarks[0]?.key;
  if (!current) return <p className="card empty-state">Import a benchmark version first.</p>;
  const list = await loadOr404(() => listJudgeTrials({ benchmark: current }));
  const pending = list.trials.some((t) => t.status === "queued" || t.status === "running");
  return (
    <>
      <h1>Judge trials</h1>
      <GradingNav current="trials" benchmark={current} admin />
      <AutoRefresh active={pending} />
      <p className="lede">
        Try a candidate judge model on the labelled pairs before switching: it and the judge in use both decide every
        pair maintainers labelled same or different, so their precision, recall and agreement are compared on exactly
        the same pairs. Verdicts are cached per model, prompt and endpoint; the calls the cache cannot answer count
        against the judge budget (JUDGE_CALL_BUDGET).
      </p>
      <p data-testid="active-judge">
        New scorings use <strong>{list.active_judge.model}</strong> ({SOURCE[list.active_judge.source]}
        {list.active_judge.since ? `, since ${formatUtc(list.active_judge.since, "minute")} UTC` : ""}).
      </p>
      <BenchmarkSelector
        benchmarks={benchmarks}
        current={current}
        hrefFor={(b) => benchmarkQueryHref("/grading/trials", b)}
      />
      {list.labelled_pairs === 0 ? (
        <p className="card empty-state">
          No pair of {list.benchmark} is labelled same or different yet: label pairs first on{" "}
          <Link href={`/grading/pairs?benchmark=${encodeURIComponent(current)}`}>the labelling page</Link>.
        </p>
      ) : (
        <>
          <p>
            A trial judges the <strong>{list.labelled_pairs}</strong> pairs of {list.benchmark} labelled same or
            different.
          </p>
          <StartTrialForm benchmark={current} />
        </>
      )}
      <h2>Trials</h2>
      {list.trials.length === 0 ? (
        <p className="muted">No trial on this version yet.</p>
      ) : (
        list.trials.map((t) => (
          <section key={t.id} className="card" aria-labelledby={`trial-${t.id}`} data-testid="judge-trial">
            <h3 id={`trial-${t.id}`}>
              {t.candidate_model} against {t.current_model}
              {t.active && " (in use)"}
            </h3>
            <p className="muted small">
              Started {formatUtc(t.created_at, "minute")} UTC{t.started_by ? ` by ${t.started_by}` : ""}; {t.status}
              {t.prompt_version && `; prompt ${t.prompt_version}`}; {t.judge_calls} calls, {t.cached_verdicts} verdicts
              from the cache{t.cost_usd > 0 ? `, $${t.cost_usd.toFixed(2)}` : ""}.
            </p>
            {(t.status === "queued" || t.status === "running") && (
              <ProgressBar label={`Trial of ${t.candidate_model}`} percent={t.progress} />
            )}
            {t.error && (
              <p role={t.status === "failed" ? "alert" : undefined} className="error-text">
                {t.error}
              </p>
            )}
            {t.comparison && <Comparison trial={t} />}
            {t.status === "done" && !t.active && list.active_judge.source !== "offline" && (
              <SwitchJudgeButton trial={t.id} from={list.active_judge.model} to={t.candidate_model} />
            )}
          </section>
        ))
      )}
    </>
  );
}
