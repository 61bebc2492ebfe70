import "server-only";
import { DASH, count } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { type SubmissionAnalyses } from "@/lib/contracts/analyses";

// The submission page's §E.2 section for repeated runs: the observed frequency spectrum (distinct findings reported in
// exactly j of the n runs) beside the stable-beta fit, with Table 22's goodness of fit and Table 23's parameters.

const withSe = (value: number, se: number | null, digits: number) =>
  `${value.toFixed(digits)}${se !== null ? ` ± ${se.toFixed(digits)}` : ""}`;

export function SpectrumSection({ repeated }: { repeated: NonNullable<SubmissionAnalyses["repeated"]> }) {
  const fit = repeated.fit;
  return (
    <section aria-labelledby="spectrum-heading">
      <h2 id="spectrum-heading">Repeated discovery: stable-beta fit</h2>
      <p className="muted small">
        Distinct findings (findings merged across runs) counted by how many runs reported them, and the stable-beta
        process fitted to those counts by maximum likelihood (§E.2 of the paper): α is the expected number of findings
        per run, σ the discount (a larger σ means more rarely reported findings), c the concentration. A small p means
        the model does not fit the spectrum.
      </p>
      {!fit ? (
        <p className="muted">{repeated.no_fit_reason ?? "Not computed yet: the fit runs after scoring."}</p>
      ) : (
        <>
          <dl className="facts">
            <dt>Runs, distinct findings</dt>
            <dd>
              {fit.runs} runs, {count(fit.distinct)} distinct findings
            </dd>
            <dt>Discount σ</dt>
            <dd>{withSe(fit.parameters.sigma, fit.standardErrors.sigma, 3)}</dd>
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
              {fit.p === null
                ? `${DASH} (needs at least four runs)`
                : fit.p < 0.001
                  ? fit.p.toExponential(1)
                  : fit.p.toFixed(3)}
              , √(χ²/N) = {fit.effectSize.toFixed(3)}
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
