import "server-only";
import { CUTOFF_POSITION_LABELS, formatP } from "@/lib/analyses/contamination-summary";
import { LOW_POWER_NOTE } from "@/lib/analyses/holm-family";
import { DASH, count } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { CdfChart } from "./cdf-chart";
import { type SubmissionAnalyses } from "@/lib/contracts/analyses";

// The submission page's §C.4 section: each run's fix-rank test (Table 16's columns), where the model's knowledge
// cut-off falls against the reference window, and per tested run the two CDFs as a chart with its data table.

const fmt3 = (v: number | null) => (v === null ? DASH : v.toFixed(3));
const day = (iso: string) => iso.slice(0, 10);

export function ContaminationSection({ contamination }: { contamination: SubmissionAnalyses["contamination"] }) {
  const c = contamination;
  const tested = c.runs.filter((r) => r.p !== null);
  return (
    <section aria-labelledby="contamination-heading">
      <h2 id="contamination-heading">Contamination: fix-rank test</h2>
      <p className="muted small">
        Within each repository the reference bugs are ranked by when their fix landed. A model that saw some fixes in
        training would match early- (or late-) fixed bugs more often than chance. D is the largest gap between the
        matched bugs&apos; rank distribution and a repository-weighted null; p comes from{" "}
        {c.runs[0]?.permutations ? count(c.runs[0].permutations) : "10,000"} within-repository permutations (the paper
        does not give its number; this is ours); p_Holm adjusts across Holm&apos;s family, as Table 16 of the paper
        does: every tested run of every approved full-harness configuration of this benchmark version (small runs
        included) plus the p-values the paper publishes for it. The family&apos;s size is shown beside each p_Holm. See{" "}
        <a href="/method">the method</a>.
      </p>
      <dl className="facts">
        <dt>Knowledge cut-off</dt>
        <dd>
          {c.knowledge_cutoff ??
            c.knowledge_cutoff_note ??
            "not given: the findings file's knowledge_cutoff (YYYY-MM or YYYY-MM-DD) places it against the reference window"}
        </dd>
        <dt>Reference window</dt>
        <dd>
          {c.reference_window
            ? `${day(c.reference_window.from)} to ${day(c.reference_window.to)} (earliest to latest fix)`
            : "unknown (no fix dates)"}
        </dd>
        <dt>Cut-off placement</dt>
        <dd>{CUTOFF_POSITION_LABELS[c.cutoff_position]}</dd>
        {c.source === "reported" && (
          <>
            <dt>Source</dt>
            <dd>Reported: Table 16 of the paper, not recomputed here</dd>
          </>
        )}
      </dl>
      {!c.reference_window && c.source !== "reported" && (
        <p className="muted" data-testid="enable-fix-rank">
          This version has no fix dates, so no bug can be ranked: an admin imports them under Admin, Benchmarks (Import
          fix dates) or with <code>probebench benchmark fix-dates SLUG@VERSION FILE</code>, and the test runs by itself.
        </p>
      )}
      {c.runs.length === 0 ? (
        <p className="muted">
          {c.source === "reported"
            ? "The paper publishes no fix-rank test for this configuration."
            : "Not computed yet: the test runs after scoring."}
        </p>
      ) : (
        <ColumnTable
          label="Fix-rank tests per run"
          caption="Fix-rank test per run"
          columns={["Run", ...numericColumns("Matched with a fix date", "D", "p", "p_Holm", "Family size"), "Note"]}
        >
          {c.runs.map((r, i) => (
            <tr key={i}>
              <th scope="row">{r.run ?? 1}</th>
              {/* Without fix dates nothing can be ranked: no count rather than a misleading 0. */}
              <td className="num">{c.reference_window ? count(r.matched) : DASH}</td>
              <td className="num">{fmt3(r.d)}</td>
              <td className="num">{formatP(r.p)}</td>
              <td className="num">{formatP(r.p_holm)}</td>
              <td className="num">{r.holm_family === null ? DASH : count(r.holm_family)}</td>
              <td className="wrap">
                {[r.no_test_reason, r.holm_note, r.low_power ? LOW_POWER_NOTE : null].filter(Boolean).join(" ")}
              </td>
            </tr>
          ))}
        </ColumnTable>
      )}
      {tested
        .filter((r) => r.cdf.length > 0)
        .map((r, i) => (
          // The first tested run's chart is open; the others are one click away.
          <details key={r.run ?? 0} open={i === 0}>
            <summary>
              Run {r.run ?? 1}: matched bugs&apos; fix ranks against the null (D = {fmt3(r.d)} at u = {fmt3(r.at)})
            </summary>
            <figure>
              <CdfChart
                points={r.cdf}
                at={r.at}
                d={r.d}
                label={`Cumulative share of matched bugs by normalised fix rank, run ${r.run ?? 1}: observed (solid) against the repository-weighted null (dashed); largest gap D = ${fmt3(r.d)}`}
              />
              <figcaption className="muted small">
                Solid: matched bugs (observed). Dashed: repository-weighted null. Red: the largest gap D.
              </figcaption>
            </figure>
            <ColumnTable
              label={`CDF data, run ${r.run ?? 1}`}
              caption={<>Both CDFs at every tenth of u, and where the gap is largest (run {r.run ?? 1})</>}
              columns={numericColumns("u", "Observed F(u)", "Null F0(u)", "Gap")}
            >
              {r.cdf
                .filter(
                  (p) =>
                    Math.abs(p.x * 10 - Math.round(p.x * 10)) < 1e-9 || (r.at !== null && Math.abs(p.x - r.at) < 1e-9),
                )
                .map((p) => (
                  <tr key={p.x}>
                    <th scope="row" className="num">
                      {p.x.toFixed(3)}
                    </th>
                    <td className="num">{p.observed.toFixed(3)}</td>
                    <td className="num">{p.expected.toFixed(3)}</td>
                    <td className="num">{(p.observed - p.expected).toFixed(3)}</td>
                  </tr>
                ))}
            </ColumnTable>
          </details>
        ))}
    </section>
  );
}
