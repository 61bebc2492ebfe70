import { count } from "@/lib/format";
import type { SpectrumPoint } from "@/lib/scoring/spectrum";
import { CaptionedTable } from "@/components/ui/captioned-table";
import { ChartSvg } from "@/components/ui/chart-svg";

// Repeated runs: the frequency spectrum (distinct findings reported in exactly n of k runs) and the accumulated union
// (distinct findings reported by runs 1..n), matched and unmatched apart, as stacked-bar charts drawn on the server
// (no script) with their numbers in data tables.

const WIDTH = 480;
const HEIGHT = 220;
const PAD = { left: 56, right: 12, top: 12, bottom: 36 };
const MATCHED = "#1a7f37";
const UNMATCHED = "#d0d7de";

function StackedBars({
  id,
  title,
  bars,
  xLabel,
}: {
  id: string;
  title: string;
  bars: { n: number; matched: number; unmatched: number }[];
  xLabel: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.matched + b.unmatched));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(bars.length, 1);
  const barW = Math.max(4, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max].map((v) => Math.round(v));
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <ChartSvg width={WIDTH} height={HEIGHT} labelledBy={`${id}-caption`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="#eaeef2" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {count(t)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={b.n}>
              <rect x={x} y={y(b.matched)} width={barW} height={y(0) - y(b.matched)} fill={MATCHED}>
                <title>{`n = ${b.n}: ${count(b.matched)} matched`}</title>
              </rect>
              <rect
                x={x}
                y={y(b.matched + b.unmatched)}
                width={barW}
                height={y(b.matched) - y(b.matched + b.unmatched)}
                fill={UNMATCHED}
              >
                <title>{`n = ${b.n}: ${count(b.unmatched)} unmatched`}</title>
              </rect>
              <text x={x + barW / 2} y={HEIGHT - PAD.bottom + 14} textAnchor="middle" fontSize="11" fill="currentColor">
                {b.n}
              </text>
            </g>
          );
        })}
        <text x={PAD.left + plotW / 2} y={HEIGHT - 4} textAnchor="middle" fontSize="11" fill="currentColor">
          {xLabel}
        </text>
      </ChartSvg>
      <figcaption id={`${id}-caption`}>
        {title} <span style={{ color: MATCHED }}>■</span> matched a reference bug,{" "}
        <span style={{ color: "#8c959f" }}>■</span> unmatched. The numbers are in the table below.
      </figcaption>
    </figure>
  );
}

/** The table's columns: n, then matched, unmatched and all for each of the two counts (exactly n runs, runs 1..n). */
const SPECTRUM_COLUMNS = [
  "n",
  ...["In exactly n runs", "Union of runs 1..n"].flatMap((group) => [`${group}: matched`, "unmatched", "all"]),
];

/** One count of the table's row: matched, unmatched and both together. */
function CountCells({ matched, unmatched }: { matched: number; unmatched: number }) {
  return (
    <>
      <td className="num">{count(matched)}</td>
      <td className="num">{count(unmatched)}</td>
      <td className="num">{count(matched + unmatched)}</td>
    </>
  );
}

export function RunSpectrum({ spectrum }: { spectrum: SpectrumPoint[] }) {
  if (spectrum.length === 0) return null;
  const k = spectrum.length;
  const total = spectrum.at(-1)!;
  return (
    <>
      <h2 id="spectrum">Distinct findings across runs</h2>
      <p className="small">
        A distinct finding is a group of findings with one root cause (within a run or across runs).{" "}
        {count(total.union_matched + total.union_unmatched)} distinct findings over {k} runs,{" "}
        {count(total.union_matched)} of them matching a reference bug. The frequency spectrum counts those reported in
        exactly n of the {k} runs (the observed column of the paper&apos;s Table 22); the union counts those reported by
        at least one of runs 1 to n, in upload order.
      </p>
      <div className="charts">
        <StackedBars
          id="chart-spectrum"
          title={`Frequency spectrum: distinct findings reported in exactly n of ${k} runs.`}
          xLabel="reported in exactly n runs"
          bars={spectrum.map((p) => ({ n: p.n, matched: p.exactly_matched, unmatched: p.exactly_unmatched }))}
        />
        <StackedBars
          id="chart-union"
          title="Accumulated union: distinct findings reported by runs 1 to n."
          xLabel="runs 1 to n"
          bars={spectrum.map((p) => ({ n: p.n, matched: p.union_matched, unmatched: p.union_unmatched }))}
        />
      </div>
      <CaptionedTable
        caption="Frequency spectrum and accumulated union (distinct findings), matched and unmatched apart."
        columns={SPECTRUM_COLUMNS.length}
        empty={false}
        head={SPECTRUM_COLUMNS.map((label, i) => (
          <th key={i} scope="col" className="num">
            {label}
          </th>
        ))}
      >
        {spectrum.map((p) => (
          <tr key={p.n}>
            <th scope="row" className="num">
              {p.n}
            </th>
            <CountCells matched={p.exactly_matched} unmatched={p.exactly_unmatched} />
            <CountCells matched={p.union_matched} unmatched={p.union_unmatched} />
          </tr>
        ))}
      </CaptionedTable>
    </>
  );
}
