import Link from "next/link";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { ValidityChart } from "@/components/analyses/validity-chart";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { count, DASH, pct, pctInterval } from "@/lib/format";
import { readPanelConfig } from "@/lib/llm/panel-attribution-config";
import { loadValidity } from "@/lib/server/leaderboard/validity";
import { benchmarkParam, loadPublicPage } from "@/app/(public)/load-public-page";

// How valid agent findings are beyond the reference set (§4.2, §C.3): the published pooled figures and Table 15 where
// the version carries them, and Figure 5 (panel validity over precision, both with 95% intervals) from the entries'
// panels and scores.

export const metadata = { title: "Validity of findings" };

const BASIS_LABELS = {
  repository_checked: "repository-checked verdicts",
  text_only: "text-only verdicts (no judge read the repository)",
  reported: "published (Table 14)",
} as const;
const PRECISION_BASIS_LABELS = {
  single_run: "single run",
  first_run: "first run",
  mean_of_runs: "mean over runs (the first run is not published)",
} as const;
const VERDICT_LABELS: Record<string, string> = {
  confirmed: "Confirmed",
  rejected: "Rejected",
  unsure: "Unsure",
  abstained: "Abstained",
};

export default async function ValidityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ref = benchmarkParam(await searchParams);
  const page = await loadPublicPage(async () => (await loadValidity(ref)).value);
  if (!page) return <p className="card empty-state">No benchmark version has been imported yet.</p>;
  const { benchmark, reported, points } = page.value;
  const q = encodeURIComponent(benchmark.key);
  const agreement = reported?.agreement ?? null;
  // Without an LLM endpoint and judges no panel can run: the empty figure says what enables it.
  const panel = readPanelConfig();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Validity of findings</h1>
          <p className="lede">
            Low precision against the reference set need not mean false findings: maintainers have not fixed every bug
            yet. A panel of coding agents checks a sample of each entry&apos;s findings on the repository (see{" "}
            <Link href="/method">the method</Link>). Also as <a href={`/api/v1/validity?benchmark=${q}`}>JSON</a> or{" "}
            <a href={`/api/v1/validity?benchmark=${q}&format=csv`}>CSV</a>.
          </p>
        </div>
        <BenchmarkSelector
          benchmarks={page.benchmarks}
          current={benchmark.key}
          hrefFor={(b) => benchmarkQueryHref("/validity", b)}
        />
      </div>

      {reported && (
        <section aria-labelledby="pooled-heading">
          <h2 id="pooled-heading">Pooled validity, as published</h2>
          <p className="muted small">
            {reported.pooled.source ?? "Reported, not recomputed here."} Confirmed share of the conclusive verdicts
            {reported.pooled.findings_sampled_per_configuration
              ? `, ${count(reported.pooled.findings_sampled_per_configuration)} findings sampled per configuration`
              : ""}
            .
          </p>
          <dl className="facts">
            <dt>All sampled findings</dt>
            <dd>{reported.pooled.all === null ? DASH : `${pct(reported.pooled.all, 0)}%`}</dd>
            <dt>Findings matching no reference bug</dt>
            <dd>{reported.pooled.unmatched === null ? DASH : `${pct(reported.pooled.unmatched, 0)}%`}</dd>
            <dt>Findings matching a reference bug</dt>
            <dd>{reported.pooled.matched === null ? DASH : `${pct(reported.pooled.matched, 0)}%`}</dd>
          </dl>
        </section>
      )}

      {agreement && (
        <section aria-labelledby="agreement-heading">
          <h2 id="agreement-heading">The panel against a blind human grader (Table 15)</h2>
          <p className="muted small">
            {agreement.source ?? "Reported, not recomputed here."} Where both reached a conclusive verdict (
            {count(agreement.both_conclusive)} of {count(agreement.total)} findings) they agree on{" "}
            {pct(agreement.agreement)}%; the grader confirms {pct(agreement.grader_validity)}% and the panel{" "}
            {pct(agreement.panel_validity)}%. {count(agreement.panel_confirmed_grader_rejected)} findings the panel
            confirmed were rejected by the grader, {count(agreement.panel_rejected_grader_confirmed)} the other way
            round.
          </p>
          <ColumnTable
            label="The grader's verdict against the panel's"
            caption="Grader's verdict (rows) against the panel's (columns), findings"
            columns={[
              "Grader \\ panel",
              ...numericColumns(...agreement.panel_verdicts.map((v) => VERDICT_LABELS[v] ?? v), "Total"),
            ]}
          >
            {agreement.counts.map((row, i) => (
              <tr key={i}>
                <th scope="row">{VERDICT_LABELS[agreement.author_verdicts[i]!] ?? agreement.author_verdicts[i]}</th>
                {row.map((n, j) => (
                  <td key={j} className="num">
                    {count(n)}
                  </td>
                ))}
                <td className="num">{count(row.reduce((s, n) => s + n, 0))}</td>
              </tr>
            ))}
          </ColumnTable>
        </section>
      )}

      <section aria-labelledby="fig5-heading">
        <h2 id="fig5-heading">Validity over precision (Figure 5)</h2>
        <p className="muted small">
          Each entry&apos;s panel validity against its precision with respect to the reference set, both with 95%
          Clopper-Pearson intervals (whiskers). Entries with repeated runs use their first run on both axes, as the
          panel sampled it. Filled: scored here; hollow: as published. Each point carries the number of its row in the
          table below.
        </p>
        {points.length === 0 ? (
          <p className="card empty-state">
            No entry of this version has a panel validity yet.{" "}
            {panel.ok
              ? "A maintainer starts the panel from a scored submission's page; its validity then appears here."
              : `${panel.message} With them, a maintainer starts the panel from a scored submission's page.`}
          </p>
        ) : (
          <>
            <figure>
              <ValidityChart
                points={points}
                label={`Panel validity over precision for ${points.length} entries, with 95% intervals; the table below lists the same numbers`}
              />
            </figure>
            <ColumnTable
              label="Validity and precision per entry"
              caption="Panel validity and precision per entry, with 95% intervals"
              columns={[
                "#",
                "Entry",
                "Source",
                ...numericColumns("Validity %", "95% CI", "Precision %", "95% CI"),
                "Validity from",
                "Precision from",
              ]}
            >
              {points.map((p, i) => (
                <tr key={p.id}>
                  <td className="num">{i + 1}</td>
                  <th scope="row">
                    <Link href={`/submissions/${p.id}`}>{p.label}</Link>
                  </th>
                  <td>{p.source}</td>
                  <td className="num">{pct(p.validity)}</td>
                  <td className="num">{pctInterval(p.validity_ci) || DASH}</td>
                  <td className="num">{pct(p.precision)}</td>
                  <td className="num">{pctInterval(p.precision_ci) || DASH}</td>
                  <td>{BASIS_LABELS[p.validity_basis]}</td>
                  <td>{PRECISION_BASIS_LABELS[p.precision_basis]}</td>
                </tr>
              ))}
            </ColumnTable>
          </>
        )}
      </section>
    </>
  );
}
