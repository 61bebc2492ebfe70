import type { ReactNode } from "react";
import type { BugPool, Calendar } from "@/lib/contracts/datasheet";
import { scrollRegion } from "@/components/ui/scroll-region";
import { ChartSvg } from "@/components/ui/chart-svg";
import { ColumnTable, numericColumns } from "@/components/ui/column-table";
import type { Column } from "@/components/ui/column-heads";

// The datasheet's figures as plain SVG drawn on the server (no script needed), each followed by the data table with
// the same numbers for screen readers and for reading exact values. The SVG scales to its container (390 px phones
// included); text stays legible because the drawing is at most 640 units wide.

const WIDTH = 640;
const HEIGHT = 280;
// The top padding holds the y-axis title above the top tick, which it would otherwise overlap.
const PAD = { left: 48, right: 12, top: 28, bottom: 40 };
const FAMILY_COLOURS = { exponential: "#1f6feb", weibull: "#d97706", lognormal: "#8250df" } as const;
export const FAMILY_LABELS = { exponential: "Exponential", weibull: "Weibull", lognormal: "Lognormal" } as const;

function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value)!;
  return step * power;
}

function Frame({
  label,
  yMax,
  yLabel,
  xLabels,
  children,
}: {
  label: string;
  yMax: number;
  yLabel: string;
  xLabels: { x: number; text: string }[];
  children: React.ReactNode;
}) {
  const y = (v: number) => HEIGHT - PAD.bottom - (v / yMax) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * yMax);
  return (
    <ChartSvg width={WIDTH} height={HEIGHT} label={label}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.12} />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end" fill="currentColor">
            {Number(t.toPrecision(3))}
          </text>
        </g>
      ))}
      {xLabels.map((l) => (
        <text
          key={`${l.x}-${l.text}`}
          x={l.x}
          y={HEIGHT - PAD.bottom + 16}
          fontSize={11}
          textAnchor="middle"
          fill="currentColor"
        >
          {l.text}
        </text>
      ))}
      <text x={12} y={12} fontSize={11} fill="currentColor">
        {yLabel}
      </text>
      {children}
    </ChartSvg>
  );
}

/** Figure 10, top: each month's share of all fix commits (line) against uniform activity (dashed). */
export function CalendarLineChart({ calendar }: { calendar: Calendar }) {
  const n = calendar.months.length;
  const yMax = niceMax(Math.max(calendar.uniform_pct, ...calendar.shares_pct));
  const x = (i: number) => PAD.left + (n <= 1 ? 0.5 : i / (n - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - (v / yMax) * (HEIGHT - PAD.top - PAD.bottom);
  const every = Math.max(1, Math.ceil(n / 9));
  const line = calendar.shares_pct
    .map((v, i) => `${i === 0 ? "M" : "L"} ${x(i).toFixed(1)} ${y(v).toFixed(1)}`)
    .join(" ");
  return (
    <figure className="chart">
      <ul className="chart-legend">
        <li>
          <span className="swatch line" style={{ background: "#1f6feb" }} /> share of fix commits
        </li>
        <li>
          <span className="swatch line" style={{ background: "currentColor", opacity: 0.6 }} /> uniform (dashed)
        </li>
      </ul>
      <Frame
        label={`Share of the ${calendar.fix_commits} bug-fixing commits in each month of the reference window, against uniform activity of ${calendar.uniform_pct.toFixed(1)}% a month`}
        yMax={yMax}
        yLabel="% of fix commits"
        xLabels={calendar.months.flatMap((m, i) => (i % every === 0 ? [{ x: x(i), text: m }] : []))}
      >
        <line
          x1={x(0)}
          x2={x(Math.max(n - 1, 0))}
          y1={y(calendar.uniform_pct)}
          y2={y(calendar.uniform_pct)}
          stroke="currentColor"
          strokeOpacity={0.6}
          strokeDasharray="6 4"
          strokeWidth={1.5}
        />
        <path d={line} fill="none" stroke="#1f6feb" strokeWidth={2} />
        {calendar.shares_pct.map((v, i) => (
          <circle key={calendar.months[i]} cx={x(i)} cy={y(v)} r={3} fill="#1f6feb" />
        ))}
      </Frame>
      <figcaption>
        Each month&apos;s share of all {calendar.fix_commits.toLocaleString("en-US")} bug-fixing commits of the window;
        the dashed line is uniform activity over {n} months.
        {calendar.outside_window > 0 &&
          ` ${calendar.outside_window} listed commits dated outside the window are left out.`}
      </figcaption>
      <DataTable
        caption="Share of fix commits per month"
        columns={["Month", ...numericColumns("Share %", "Uniform %")]}
      >
        {calendar.months.map((m, i) => (
          <tr key={m}>
            <th scope="row">{m}</th>
            <td className="num">{calendar.shares_pct[i]!.toFixed(1)}</td>
            <td className="num">{calendar.uniform_pct.toFixed(1)}</td>
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}

/** A chart's figures as a table, folded under it. */
function DataTable({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
  return (
    <details className="chart-data">
      <summary>Data table</summary>
      <ColumnTable caption={caption} captionClassName="visually-hidden" columns={columns}>
        {children}
      </ColumnTable>
    </details>
  );
}

function heat(share: number, max: number): string {
  return `hsl(212 85% ${Math.round(97 - 45 * Math.min(1, share / Math.max(max, 1e-9)))}%)`;
}

/** Figure 10, bottom: monthly shares per repository, each row normalised to 100%; the heat map is its data table. */
export function CalendarHeatmap({ calendar }: { calendar: Calendar }) {
  const max = Math.max(...calendar.repositories.flatMap((r) => r.shares_pct), 1);
  return (
    <div className="table-wrap" {...scrollRegion("Monthly shares per repository")}>
      <table className="heatmap">
        <caption>
          Monthly share of each repository&apos;s bug-fixing commits, in % (each row sums to 100%; darker is more)
        </caption>
        <thead>
          <tr>
            <th scope="col">Repository</th>
            {calendar.months.map((m) => (
              <th key={m} scope="col" className="num small">
                {m.slice(2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.repositories.map((r) => (
            <tr key={r.repo}>
              <th scope="row">
                {r.repo} <span className="muted small">({r.fix_commits})</span>
              </th>
              {r.shares_pct.map((v, i) => (
                <td key={calendar.months[i]} className="num small" style={{ background: heat(v, max), color: "#111" }}>
                  {Math.round(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Figure 3: observed fix positions (bars) with the first-half fits of the three families (lines). */
export function PositionDensityChart({ pool }: { pool: BugPool }) {
  const bins = pool.position_density;
  const families = ["exponential", "weibull", "lognormal"] as const;
  const yMax = niceMax(Math.max(...bins.flatMap((b) => [b.observed, ...families.map((f) => b.expected[f])])));
  const inner = WIDTH - PAD.left - PAD.right;
  const x = (u: number) => PAD.left + u * inner;
  const y = (v: number) => HEIGHT - PAD.bottom - (v / yMax) * (HEIGHT - PAD.top - PAD.bottom);
  return (
    <figure className="chart">
      <ul className="chart-legend">
        <li>
          <span className="swatch" style={{ background: "#9ca3af", borderRadius: 2 }} /> observed
        </li>
        {families.map((f) => (
          <li key={f}>
            <span className="swatch line" style={{ background: FAMILY_COLOURS[f] }} /> {FAMILY_LABELS[f]} (first-half
            fit)
          </li>
        ))}
      </ul>
      <Frame
        label="Reference bugs per tenth of each repository's fix-commit sequence, observed and expected by the three families fitted on the first half"
        yMax={yMax}
        yLabel="bugs"
        xLabels={[0, 0.25, 0.5, 0.75, 1].map((u) => ({ x: x(u), text: `${u * 100}%` }))}
      >
        {bins.map((b) => (
          <rect
            key={b.from}
            x={x(b.from) + 1}
            width={Math.max(x(b.to) - x(b.from) - 2, 1)}
            y={y(b.observed)}
            height={y(0) - y(b.observed)}
            fill="#9ca3af"
            fillOpacity={0.7}
          />
        ))}
        <line
          x1={x(0.5)}
          x2={x(0.5)}
          y1={y(0)}
          y2={y(yMax)}
          stroke="currentColor"
          strokeOpacity={0.4}
          strokeDasharray="2 3"
        />
        {families.map((f) => (
          <path
            key={f}
            d={bins
              .map(
                (b, i) => `${i === 0 ? "M" : "L"} ${x((b.from + b.to) / 2).toFixed(1)} ${y(b.expected[f]).toFixed(1)}`,
              )
              .join(" ")}
            fill="none"
            stroke={FAMILY_COLOURS[f]}
            strokeWidth={2}
          />
        ))}
      </Frame>
      <figcaption>
        Position of each bug&apos;s fix within its repository&apos;s sequence of bug-fixing commits (0% first, 100%
        last). The curves are fitted on the first half (left of the dotted line) and extended to the second.
      </figcaption>
      <DataTable
        caption="Observed and expected bugs per position bin"
        columns={["Position", ...numericColumns("Observed", ...families.map((f) => FAMILY_LABELS[f]))]}
      >
        {bins.map((b) => (
          <tr key={b.from}>
            <th scope="row">
              {Math.round(b.from * 100)}–{Math.round(b.to * 100)}%
            </th>
            <td className="num">{b.observed}</td>
            {families.map((f) => (
              <td key={f} className="num">
                {b.expected[f].toFixed(1)}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}
