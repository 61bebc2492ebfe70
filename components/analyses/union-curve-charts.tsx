import { DASH, count, pct } from "@/lib/format";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { PrecisionRecallPoint, UnionGrowthRow } from "@/lib/analyses/union-growth";
import { Frame, PAD, PLOT_H, PLOT_W, axis, path } from "./line-chart-frame";

// Figure 9 of the paper for a repeated entry: precision over recall from the union (n = 1) to the intersection
// (n = k), one point per n, and the union's growth with the stable-beta fit's expectation, projected (dashed) beyond
// the observed runs. Plain SVG drawn on the server; the data tables beside them carry the same numbers.

const LINE = "#1f6feb";

/** The faint curves under the main one: each subset's runs (0-based) and its points. */
type SubsetCurveLines = {
  subsets: { runs: readonly number[]; paperPrefix: boolean; points: PrecisionRecallPoint[] }[];
  sampled: boolean;
  seed: number;
  /** Why none is drawn, where none is. */
  unavailableReason: string | null;
};

/**
 * Precision over recall, one labelled point per n (the numbers are in the "Across runs" table), over the faint curves
 * of subsets of the runs (their numbers are in the subset curves CSV).
 */
export function PrecisionRecallChart({
  points,
  runs,
  subsets,
}: {
  points: PrecisionRecallPoint[];
  runs: number;
  subsets: SubsetCurveLines | null;
}) {
  if (points.length === 0) return null;
  const lines = subsets?.subsets ?? [];
  const every = [...points, ...lines.flatMap((line) => line.points)];
  const xTicks = axis(Math.max(...every.map((p) => p.recall)));
  const yTicks = axis(Math.max(...every.map((p) => p.precision)));
  const x = (v: number) => PAD.left + (v / xTicks.at(-1)!) * PLOT_W;
  const y = (v: number) => PAD.top + PLOT_H - (v / yTicks.at(-1)!) * PLOT_H;
  return (
    <figure className="chart">
      <Frame
        label={`Precision over recall of distinct findings kept when reported in at least n of ${runs} runs${lines.length > 0 ? `, over the curves of ${lines.length} subsets of the runs` : ""}`}
        x={{ ticks: xTicks, scale: x, title: "recall", format: (v) => `${pct(v, 0)}%` }}
        y={{ ticks: yTicks, scale: y, title: "precision", format: (v) => `${pct(v, 0)}%` }}
      >
        {lines.map((line) => (
          <path
            key={line.runs.join(",")}
            d={path(line.points.map((p) => [x(p.recall), y(p.precision)]))}
            fill="none"
            stroke={LINE}
            strokeOpacity={line.paperPrefix ? 0.45 : 0.2}
            strokeWidth={1}
            strokeDasharray={line.paperPrefix ? undefined : "3 2"}
          >
            <title>{`runs ${line.runs.map((r) => r + 1).join(", ")}${line.paperPrefix ? " (the paper's)" : ""}`}</title>
          </path>
        ))}
        <path d={path(points.map((p) => [x(p.recall), y(p.precision)]))} fill="none" stroke={LINE} strokeWidth={2} />
        {points.map((p) => (
          <g key={p.n}>
            <circle cx={x(p.recall)} cy={y(p.precision)} r={3.5} fill={LINE}>
              <title>{`${p.label}: recall ${pct(p.recall)}%, precision ${pct(p.precision)}%`}</title>
            </circle>
            <text x={x(p.recall) + 6} y={y(p.precision) - 6} fontSize={11} fill="currentColor">
              {p.n}
            </text>
          </g>
        ))}
      </Frame>
      <figcaption className="small">
        Union (n = 1) to intersection (n = {runs}): each point keeps the distinct findings reported in at least n runs
        (the paper&apos;s Figure 9).{" "}
        {lines.length > 0 &&
          `Faint: the same curve for ${lines.length} subsets of 2 to ${runs - 1} runs (${
            subsets!.sampled
              ? `ten of each size: the paper's own, runs 1-2 and runs 1-5 (solid), and others drawn at random with seed ${subsets!.seed} (dotted), every subset of a size that has no more`
              : "every subset"
          }), over the distinct findings of all ${runs} runs: a finding counts for a subset when one of its runs reports it.`}
        {subsets?.unavailableReason && `No subset curves. ${subsets.unavailableReason}`}
      </figcaption>
    </figure>
  );
}

/** Observed union of runs 1..n (solid), the fit's expectation (dashed, projected beyond k); UnionGrowthTable has the numbers. */
export function UnionGrowthChart({ rows }: { rows: UnionGrowthRow[] }) {
  if (rows.length === 0) return null;
  const k = rows.filter((r) => !r.projected).length;
  const hasFit = rows.some((r) => r.expected !== null);
  const yTicks = axis(Math.max(...rows.map((r) => Math.max(r.observed ?? 0, r.expected ?? 0))));
  const xTicks = rows.map((r) => r.n);
  const x = (v: number) => PAD.left + ((v - 1) / Math.max(rows.length - 1, 1)) * PLOT_W;
  const y = (v: number) => PAD.top + PLOT_H - (v / yTicks.at(-1)!) * PLOT_H;
  const observed = rows.filter((r) => r.observed !== null);
  const expected = rows.filter((r) => r.expected !== null);
  return (
    <figure className="chart">
      <Frame
        label={`Union growth: distinct findings reported by runs 1 to n${hasFit ? ", with the stable-beta projection" : ""}`}
        x={{ ticks: xTicks, scale: x, title: "runs 1 to n", format: String }}
        y={{ ticks: yTicks, scale: y, title: "distinct findings", format: (v) => count(v) }}
      >
        {hasFit && (
          <path
            d={path(expected.map((r) => [x(r.n), y(r.expected!)]))}
            fill="none"
            stroke="currentColor"
            strokeDasharray="5 4"
            strokeWidth={1.5}
          />
        )}
        <path d={path(observed.map((r) => [x(r.n), y(r.observed!)]))} fill="none" stroke={LINE} strokeWidth={2} />
        {observed.map((r) => (
          <circle key={r.n} cx={x(r.n)} cy={y(r.observed!)} r={3} fill={LINE} />
        ))}
      </Frame>
      <figcaption className="small">
        Distinct findings reported by at least one of runs 1 to n (solid, runs in upload order)
        {hasFit
          ? `; dashed: the stable-beta fit's expected union, projected beyond the ${k} observed runs to ${2 * k}.`
          : `. No projection: the stable-beta fit is shown from four runs on (df >= 1), where it is identified and tested.`}
      </figcaption>
    </figure>
  );
}

/** The union-growth chart's numbers. */
export function UnionGrowthTable({ rows }: { rows: UnionGrowthRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ColumnTable
      caption="Union of runs 1..n: observed, and expected under the stable-beta fit (projected beyond the observed runs)"
      columns={[...numericColumns("n", "Observed", "Expected (stable-beta)"), { label: "Projected", hidden: true }]}
    >
      {rows.map((r) => (
        <tr key={r.n}>
          <th scope="row" className="num">
            {r.n}
          </th>
          <td className="num">{r.observed === null ? DASH : count(r.observed)}</td>
          <td className="num">{r.expected === null ? DASH : r.expected.toFixed(1)}</td>
          <td>{r.projected ? "projected" : ""}</td>
        </tr>
      ))}
    </ColumnTable>
  );
}
