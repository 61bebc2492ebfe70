"use client";

import type { ReactNode } from "react";
import { CartesianGrid, LabelList, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { compactUsd, linearTicks, logTicks } from "@/lib/charts/axis-ticks";
import { configurationName, count, usd } from "@/lib/format";
import type { RankedRow } from "./leaderboard-table";
import { scrollRegion } from "@/components/ui/scroll-region";

// F1 over cost (log axis; the effort sweep of one model and harness joined by a line) and recall over precision.
// Each chart has a text alternative: a caption and the plotted data as a table.

type Point = {
  id: string;
  name: string;
  cost: number | null;
  f1: number | null;
  recall: number | null;
  precision: number | null;
  source: string;
  effort: string | null;
  /** The label drawn beside the point: the model of the five best-ranked rows shown, none for the others. */
  tag: string;
};

// More labels than this overlap one another on a phone; every point has its name in the tooltip and the data table.
const TAGGED_RANKS = 5;

const PALETTE = [
  "#1f5fd1",
  "#c2410c",
  "#15803d",
  "#7c3aed",
  "#be123c",
  "#0e7490",
  "#a16207",
  "#4338ca",
  "#9d174d",
  "#166534",
];
const EFFORT_ORDER = ["minimal", "low", "medium", "high", "xhigh", "max"];

function toPoint(r: RankedRow): Point {
  return {
    id: r.id,
    name: configurationName(r),
    cost: r.cost_usd,
    f1: r.f1 === null ? null : 100 * r.f1,
    recall: r.recall === null ? null : 100 * r.recall,
    precision: r.precision === null ? null : 100 * r.precision,
    source: r.source,
    effort: r.reasoning_effort,
    tag: r.rank !== null && r.rank <= TAGGED_RANKS ? r.model : "",
  };
}

/** Groups rows that differ only in reasoning effort; groups with two or more efforts are drawn as a line. */
function effortSweeps(points: Point[], rows: RankedRow[]): { name: string; points: Point[] }[] {
  const byKey = new Map<string, Point[]>();
  rows.forEach((r, i) => {
    const key = `${r.model}|${r.harness ?? ""}|${r.source}|${r.coverage}`;
    byKey.set(key, [...(byKey.get(key) ?? []), points[i]!]);
  });
  return [...byKey.values()]
    .filter((list) => new Set(list.map((p) => p.effort)).size > 1)
    .map((list) => ({
      name: `${rows.find((r) => r.id === list[0]!.id)!.model} effort sweep`,
      points: [...list].sort(
        (a, b) =>
          EFFORT_ORDER.indexOf(a.effort ?? "") - EFFORT_ORDER.indexOf(b.effort ?? "") || (a.cost ?? 0) - (b.cost ?? 0),
      ),
    }));
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: { payload: Point }[] }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p) return null;
  return (
    <div className="chart-tooltip">
      <strong>{p.name}</strong>
      <div>
        F1 {p.f1?.toFixed(1) ?? "–"}% · recall {p.recall?.toFixed(1) ?? "–"}% · precision{" "}
        {p.precision?.toFixed(1) ?? "–"}%
      </div>
      <div>
        cost {usd(p.cost)} · {p.source}
      </div>
    </div>
  );
}

export default function LeaderboardCharts({ rows }: { rows: RankedRow[] }) {
  const points = rows.map(toPoint);
  const costed = points.filter((p) => p.cost !== null && p.cost > 0 && p.f1 !== null);
  const sweeps = effortSweeps(points, rows)
    .map((s) => ({ ...s, points: s.points.filter((p) => costed.includes(p)) }))
    .filter((s) => s.points.length > 1);
  const inSweep = new Set(sweeps.flatMap((s) => s.points.map((p) => p.id)));
  const singles = costed.filter((p) => !inSweep.has(p.id));
  const costAxis = logTicks(costed.map((p) => p.cost!));
  const f1Axis = linearTicks(costed.map((p) => p.f1!));
  const rp = points.filter((p) => p.recall !== null && p.precision !== null);
  const verified = rp.filter((p) => p.source === "verified");
  const reported = rp.filter((p) => p.source === "reported");
  const precisionAxis = linearTicks(rp.map((p) => p.precision!));
  const recallAxis = linearTicks(rp.map((p) => p.recall!));

  return (
    <div className="charts">
      <ChartFrame
        id="chart-cost"
        title="F1 over cost"
        legend={[
          ...sweeps.map((s, i) => ({ label: s.name, color: PALETTE[i % PALETTE.length]!, line: true })),
          { label: "Other configurations", color: "#6b7280", line: false },
        ]}
        axes={[
          <XAxis
            key="x"
            type="number"
            dataKey="cost"
            name="Cost"
            scale="log"
            domain={costAxis.domain}
            ticks={costAxis.ticks}
            allowDataOverflow
            tickFormatter={compactUsd}
            label={{ value: "Cost per run (USD, log scale)", position: "insideBottom", offset: -16 }}
          />,
          <YAxis key="y" type="number" dataKey="f1" name="F1" unit="%" width={48} {...f1Axis} />,
        ]}
        caption={
          <>
            F1 over cost per run for {costed.length} configuration{costed.length === 1 ? "" : "s"} with a published cost
            {points.length > costed.length
              ? ` (${points.length - costed.length} without cost or F1 are not plotted)`
              : ""}
            . Lines join the reasoning-effort sweeps of one model and harness.
            <ChartData points={costed} first="cost" />
          </>
        }
      >
        {sweeps.map((s, i) => (
          <Scatter key={s.name} name={s.name} data={s.points} fill={PALETTE[i % PALETTE.length]} line lineType="joint">
            <LabelList dataKey="tag" position="right" fontSize={11} fill="#3f434a" />
          </Scatter>
        ))}
        <Scatter name="Other configurations" data={singles} fill="#6b7280">
          <LabelList dataKey="tag" position="right" fontSize={11} fill="#3f434a" />
        </Scatter>
      </ChartFrame>
      <ChartFrame
        id="chart-rp"
        title="Recall over precision"
        legend={[
          { label: "verified", color: "#1a7f37", line: false },
          { label: "reported", color: "#9a6700", line: false, diamond: true },
        ]}
        axes={[
          <XAxis
            key="x"
            type="number"
            dataKey="precision"
            name="Precision"
            unit="%"
            {...precisionAxis}
            label={{ value: "Precision (%)", position: "insideBottom", offset: -16 }}
          />,
          <YAxis key="y" type="number" dataKey="recall" name="Recall" unit="%" width={48} {...recallAxis} />,
        ]}
        caption={
          <>
            Recall over precision for {rp.length} configuration{rp.length === 1 ? "" : "s"} with both numbers (green
            circles: verified; amber diamonds: reported).
            <ChartData points={rp} first="precision" />
          </>
        }
      >
        <Scatter name="verified" data={verified} fill="#1a7f37">
          <LabelList dataKey="tag" position="right" fontSize={11} fill="#3f434a" />
        </Scatter>
        <Scatter name="reported" data={reported} fill="#9a6700" shape="diamond">
          <LabelList dataKey="tag" position="right" fontSize={11} fill="#3f434a" />
        </Scatter>
      </ChartFrame>
    </div>
  );
}

type LegendItem = { label: string; color: string; line: boolean; diamond?: boolean };

/**
 * One scatter chart with its title, legend and caption; the caption (which holds the data as a table) names the
 * figure, so the chart has a text alternative.
 */
function ChartFrame({
  id,
  title,
  legend,
  axes,
  caption,
  children,
}: {
  id: string;
  title: string;
  legend: LegendItem[];
  axes: ReactNode;
  caption: ReactNode;
  /** The scatters, drawn in this order. */
  children: ReactNode;
}) {
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <h3 className="chart-title">{title}</h3>
      <ChartLegend items={legend} />
      <div className="chart-box">
        <ScatterChart
          responsive
          style={{ width: "100%", height: "100%" }}
          margin={{ top: 10, right: 16, bottom: 28, left: 4 }}
          title={title}
        >
          <CartesianGrid strokeDasharray="3 3" />
          {axes}
          <Tooltip content={<PointTooltip />} />
          {children}
        </ScatterChart>
      </div>
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
    </figure>
  );
}

// An HTML legend: wraps on narrow screens (recharts' own legend overlaps the plot there) and is read by screen readers.
function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="chart-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label}>
          <span
            className={`swatch${item.line ? " line" : ""}${item.diamond ? " diamond" : ""}`}
            style={{ background: item.color }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

function ChartData({ points, first }: { points: Point[]; first: "cost" | "precision" }) {
  return (
    <details className="chart-data">
      <summary>Data as a table</summary>
      <div className="table-wrap" {...scrollRegion("Plotted values")}>
        <table>
          <caption className="visually-hidden">Plotted values</caption>
          <thead>
            <tr>
              <th scope="col">Configuration</th>
              {first === "cost" && (
                <th scope="col" className="num">
                  Cost
                </th>
              )}
              <th scope="col" className="num">
                {first === "cost" ? "F1 %" : "Precision %"}
              </th>
              <th scope="col" className="num">
                Recall %
              </th>
              {first === "cost" && (
                <th scope="col" className="num">
                  Precision %
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                {first === "cost" && <td className="num">{usd(p.cost)}</td>}
                <td className="num">{first === "cost" ? p.f1?.toFixed(1) : p.precision?.toFixed(1)}</td>
                <td className="num">{p.recall?.toFixed(1) ?? "–"}</td>
                {first === "cost" && <td className="num">{p.precision?.toFixed(1) ?? "–"}</td>}
              </tr>
            ))}
            {points.length === 0 && (
              <tr>
                <td colSpan={4} className="empty">
                  Nothing to plot for this view.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p className="muted">{count(points.length)} points.</p>
    </details>
  );
}
