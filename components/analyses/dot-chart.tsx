import type { ReactNode } from "react";
import { ChartSvg } from "@/components/ui/chart-svg";

// The horizontal dot chart of Figures 6 and 7 of the paper, drawn as plain SVG on the server: one row per item on a
// 0..1 axis, the row's label right-aligned in the left margin, faint vertical grid lines with their tick labels below
// the plot, and the axis title under them. The charts draw each row's marks.

const TICKS = [0, 0.25, 0.5, 0.75, 1];

type Pad = { left: number; right: number; top: number; bottom: number };

export function DotChart<Row>({
  layout: { width, pad, rowHeight },
  label,
  axisTitle,
  tickLabel,
  rows,
  rowKey,
  rowLabel,
  marks,
}: {
  /** The chart's width and margins (SVG units) and the height of one row; the height follows from the rows. */
  layout: { width: number; pad: Pad; rowHeight: number };
  /** The chart's accessible name. */
  label: string;
  axisTitle: string;
  tickLabel: (value: number) => string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowLabel: (row: Row, index: number) => ReactNode;
  /** A row's marks, on the scale `x` and centred on the row's line `y` (SVG units). */
  marks: (row: Row, x: (value: number) => number, y: number) => ReactNode;
}) {
  const plotW = width - pad.left - pad.right;
  const height = pad.top + rows.length * rowHeight + pad.bottom;
  const x = (v: number) => pad.left + v * plotW;
  return (
    <ChartSvg width={width} height={height} label={label}>
      <VerticalGrid x={x} top={pad.top} bottom={height - pad.bottom} label={tickLabel} />
      <text x={pad.left + plotW / 2} y={height - 4} fontSize={11} textAnchor="middle" fill="currentColor">
        {axisTitle}
      </text>
      {rows.map((row, i) => {
        const y = pad.top + i * rowHeight + rowHeight / 2;
        return (
          <g key={rowKey(row)}>
            <text x={pad.left - 6} y={y + 4} fontSize={11} textAnchor="end" fill="currentColor">
              {rowLabel(row, i)}
            </text>
            {marks(row, x, y)}
          </g>
        );
      })}
    </ChartSvg>
  );
}

// One faint line per tick from the plot's top to its bottom (SVG y), labelled below.
function VerticalGrid({
  x,
  top,
  bottom,
  label,
}: {
  x: (value: number) => number;
  top: number;
  bottom: number;
  label: (value: number) => string;
}) {
  return TICKS.map((t) => (
    <g key={t}>
      <line x1={x(t)} x2={x(t)} y1={top} y2={bottom} stroke="currentColor" strokeOpacity={0.12} />
      <text x={x(t)} y={bottom + 14} fontSize={11} textAnchor="middle" fill="currentColor">
        {label(t)}
      </text>
    </g>
  ));
}
