import "server-only";
import { DASH, count, formatPValue } from "@/lib/format";
import { sigmaAtBound } from "@/lib/analyses/stable-beta";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { FrequencyModelView, SubmissionAnalyses } from "@/lib/contracts/analyses";

// The submission page's §E.2 section for repeated runs: the observed frequency spectrum (distinct findings reported in
// exactly j of the n runs) beside the stable-beta fit, with Table 22's goodness of fit and Table 23's parameters.

const withSe = (value: number, se: number | null, digits: number) =>
  `${value.toFixed(digits)}${se !== null ? ` ± ${se.toFixed(digits)}` : ""}`;

const MODEL_LABELS = { binomial: "Binomial", beta_binomial: "Beta-binomial", stable_beta: "Stable-beta process" };
const PARAMETER_SYMBOLS: Record<string, string> = { alpha: "α", sigma: "σ" };

function formatParameter(p: FrequencyModelView["parameters"][number]): string {
  const digits = Math.abs(p.value) >= 100 ? 0 : 3;
  const value = p.value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const se = p.se !== null && p.se !== undefined ? ` ± ${p.se.toFixed(digits)}` : "";
  return `${PARAMETER_SYMBOLS[p.name] ?? p.name} = ${value}${p.atBound ? "†" : ""}${se}`;
}

function formatModelP(m: FrequencyModelView): string {
  if (m.pBelow !== null && m.pBelow !== undefined) return `< ${m.pBelow.toExponential(0)}`;
  if (m.p === null) return DASH;
  return formatPValue(m.p);
}

/** Tables 22-23 side by side: which model of repeated discovery the spectrum rejects. */
function ModelsTable({ repeated }: { repeated: NonNullable<SubmissionAnalyses["repeated"]> }) {
  if (repeated.models.length === 0) return null;
  const published = repeated.source === "reported";
  return (
    <ColumnTable
      label="Models of repeated discovery"
      caption={
        <>
          Goodness of fit and parameters of three models of repeated discovery
          {repeated.runs ? `, ${repeated.runs} runs` : ""}
          {repeated.distinct !== null ? `, N = ${count(repeated.distinct)} distinct findings` : ""}
          {published ? " (as published, Tables 22-23 of the paper)" : " (Tables 22-23 of the paper, computed here)"}
        </>
      }
      columns={[
        "Model",
        ...numericColumns("k"),
        "Parameters",
        ...numericColumns("Pool size", "χ²", "df", "p", "√(χ²/N)"),
      ]}
    >
      {repeated.models.map((m) => (
        <tr key={m.model}>
          <th scope="row">{MODEL_LABELS[m.model]}</th>
          <td className="num">{m.k}</td>
          <td>{m.parameters.map(formatParameter).join(", ")}</td>
          <td className="num">
            {m.poolInfinite
              ? "∞"
              : m.poolSize !== null
                ? count(Math.round(m.poolSize))
                : m.parameters.some((p) => p.atBound)
                  ? "— (set by a bound)"
                  : DASH}
          </td>
          <td className="num">
            {m.chiSquared === null
              ? DASH
              : m.chiSquared >= 1e5
                ? m.chiSquared.toExponential(1)
                : m.chiSquared.toFixed(1)}
          </td>
          <td className="num">{m.degreesOfFreedom ?? DASH}</td>
          <td className="num">{formatModelP(m)}</td>
          <td className="num">{m.effectSize === null ? DASH : m.effectSize.toFixed(3)}</td>
        </tr>
      ))}
    </ColumnTable>
  );
}

export function SpectrumSection({ repeated }: { repeated: NonNullable<SubmissionAnalyses["repeated"]> }) {
  const fit = repeated.fit;
  return (
    <section aria-labelledby="spectrum-heading">
      <h2 id="spectrum-heading">Repeated discovery: stable-beta fit</h2>
      <p className="muted small">
        Distinct findings (findings merged across runs) counted by how many runs reported them, and the stable-beta
        process fitted to those counts by maximum likelihood (§E.2 of the paper): α is the expected number of findings
        per run, σ the discount (a larger σ means more rarely reported findings), c the concentration. A small p means
        the model does not fit the spectrum. The binomial (one reporting probability for every finding of a finite pool)
        and the beta-binomial (a probability per finding, drawn from a Beta law) are fitted to the same counts, so the
        table shows which models the data reject; † marks a parameter at its bound (0.01), whose implied pool size is
        then omitted.
      </p>
      <ModelsTable repeated={repeated} />
      {repeated.source === "reported" ? null : !fit ? (
        <p className="muted">{repeated.no_fit_reason ?? "Not computed yet: the fit runs after scoring."}</p>
      ) : (
        <>
          <dl className="facts">
            <dt>Runs, distinct findings</dt>
            <dd>
              {fit.runs} runs, {count(fit.distinct)} distinct findings
            </dd>
            <dt>Discount σ</dt>
            <dd>
              {withSe(fit.parameters.sigma, fit.standardErrors.sigma, 3)}
              {sigmaAtBound(fit.parameters.sigma) && " † at its lower bound: the fit wants σ ≤ 0 (a finite pool)"}
            </dd>
            <dt>Mass α (findings per run)</dt>
            <dd>
              {withSe(fit.parameters.alpha, fit.standardErrors.alpha, 0)} (observed mean per run{" "}
              {fit.meanPerRun.toFixed(0)})
            </dd>
            <dt>Concentration c</dt>
            <dd>{withSe(fit.parameters.c, fit.standardErrors.c, 3)}</dd>
            <dt>Goodness of fit</dt>
            <dd>
              χ² = {fit.chiSquared.toFixed(1)}, df = {fit.degreesOfFreedom}, p ={" "}
              {fit.p === null ? DASH : formatPValue(fit.p)}, √(χ²/N) = {fit.effectSize.toFixed(3)}
            </dd>
          </dl>
          <ColumnTable
            label="Frequency spectrum"
            caption={
              <>Distinct findings reported in exactly j of {fit.runs} runs: observed and expected under the fit</>
            }
            columns={numericColumns("j", "Observed", "Expected")}
          >
            {fit.observed.map((k, j) => (
              <tr key={j}>
                <th scope="row" className="num">
                  {j + 1}
                </th>
                <td className="num">{count(k)}</td>
                <td className="num">{fit.expected[j]!.toFixed(1)}</td>
              </tr>
            ))}
          </ColumnTable>
        </>
      )}
    </section>
  );
}
