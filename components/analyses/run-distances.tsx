import type { BugTypeDistances } from "@/lib/server/analyses/bug-type-distances";
import { DASH } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import { DotChart } from "./dot-chart";

// Figure 6 over repeated runs: per configuration, the Jensen-Shannon distances between its runs (every pair once)
// beside those of the reference set to each run, as a range chart (mean dot, min-max whisker, on 0..1) and the table
// that carries the same numbers. Plain SVG drawn on the server.

type Row = BugTypeDistances["within_configuration"][number];
type Summary = NonNullable<Row["run_to_run"]>;

const WIDTH = 520;
const ROW_H = 34;
const PAD = { left: 40, right: 16, top: 8, bottom: 34 };
const RUNS = "#1f6feb";
const REFERENCE = "#bf3989";
const OTHERS = "#1a7f37";

const fixed = (s: Summary | null, pick: keyof Summary) => (s ? s[pick].toFixed(3) : DASH);

function Whisker({
  s,
  x,
  y,
  color,
  label,
}: {
  s: Summary;
  x: (v: number) => number;
  y: number;
  color: string;
  label: string;
}) {
  return (
    <g>
      <line x1={x(s.min)} x2={x(s.max)} y1={y} y2={y} stroke={color} strokeWidth={2} />
      <circle cx={x(s.mean)} cy={y} r={4} fill={color}>
        <title>{`${label}: mean ${s.mean.toFixed(3)}, ${s.min.toFixed(3)} to ${s.max.toFixed(3)}`}</title>
      </circle>
    </g>
  );
}

type Pairs = BugTypeDistances["run_pairs"];
const summaryText = (s: Summary | null) =>
  s ? `${s.mean.toFixed(3)} (${s.min.toFixed(3)} to ${s.max.toFixed(3)}, ${s.n} pairs)` : DASH;

export function RunDistances({ rows, pairs, csvHref }: { rows: Row[]; pairs: Pairs; csvHref: string }) {
  const shown = rows.filter(
    (r) => r.run_to_run !== null || r.reference_to_runs !== null || r.to_other_configurations !== null,
  );
  if (shown.length === 0) return null;
  return (
    <>
      <h3 id="run-distances-heading">Over every run</h3>
      <p className="muted small">
        The paper computes the distances of each agent run to the other runs and of the human reference set to all runs.
        Per configuration: the distances between its runs (each pair once) and from the reference set to each of its
        runs, their mean and range, and from each of its runs to every run of the other configurations. Runs of one
        configuration far closer to one another than to the reference set mean the gap to the maintainers is not
        run-to-run noise. Also as <a href={csvHref}>CSV</a>.
      </p>
      <p className="small" data-testid="run-pairs">
        Every pair of runs of the version: within one configuration {summaryText(pairs.within_configurations)}; across
        configurations {summaryText(pairs.across_configurations)}.
      </p>
      <figure className="chart">
        <DotChart
          layout={{ width: WIDTH, pad: PAD, rowHeight: ROW_H }}
          label="Run-to-run, run-to-other-configuration and reference-to-run Jensen-Shannon distances per configuration"
          axisTitle="Jensen-Shannon distance (base 2)"
          tickLabel={String}
          rows={shown}
          rowKey={(r) => r.submission_id}
          rowLabel={(r, i) => <>#{i + 1}</>}
          marks={(r, x, y) => (
            <>
              {r.run_to_run && (
                <Whisker s={r.run_to_run} x={x} y={y - 9} color={RUNS} label={`${r.label}, run to run`} />
              )}
              {r.to_other_configurations && (
                <Whisker
                  s={r.to_other_configurations}
                  x={x}
                  y={y}
                  color={OTHERS}
                  label={`${r.label}, runs to other configurations' runs`}
                />
              )}
              {r.reference_to_runs && (
                <Whisker
                  s={r.reference_to_runs}
                  x={x}
                  y={y + 9}
                  color={REFERENCE}
                  label={`${r.label}, reference to runs`}
                />
              )}
            </>
          )}
        />
        <figcaption className="small">
          <span style={{ color: RUNS }}>●</span> between the configuration&apos;s runs,{" "}
          <span style={{ color: OTHERS }}>●</span> from its runs to the other configurations&apos; runs,{" "}
          <span style={{ color: REFERENCE }}>●</span> from the reference set to each run: the dot is the mean, the line
          the smallest to the largest. Rows are numbered as in the table below.
        </figcaption>
      </figure>
      <ColumnTable
        caption="Over every run of each configuration: distances between its runs, from the maintainers' reference set to each run and from its runs to the other configurations' runs (Jensen-Shannon, base 2)"
        columns={[
          "#",
          "Configuration",
          ...numericColumns(
            "Runs",
            "Run to run: mean",
            "Run to run: min",
            "Run to run: max",
            "Reference to runs: mean",
            "Reference to runs: min",
            "Reference to runs: max",
            "To other configurations: mean",
            "To other configurations: min",
            "To other configurations: max",
          ),
        ]}
      >
        {shown.map((r, i) => (
          <tr key={r.submission_id}>
            <td>{i + 1}</td>
            <th scope="row" className="wrap">
              <a href={`/submissions/${r.submission_id}`}>{r.label}</a>
            </th>
            <td className="num">{r.runs}</td>
            <td className="num">{fixed(r.run_to_run, "mean")}</td>
            <td className="num">{fixed(r.run_to_run, "min")}</td>
            <td className="num">{fixed(r.run_to_run, "max")}</td>
            <td className="num">{fixed(r.reference_to_runs, "mean")}</td>
            <td className="num">{fixed(r.reference_to_runs, "min")}</td>
            <td className="num">{fixed(r.reference_to_runs, "max")}</td>
            <td className="num">{fixed(r.to_other_configurations, "mean")}</td>
            <td className="num">{fixed(r.to_other_configurations, "min")}</td>
            <td className="num">{fixed(r.to_other_configurations, "max")}</td>
          </tr>
        ))}
      </ColumnTable>
    </>
  );
}
