// The vertical grid lines and tick labels of a horizontal dot chart (Figures 6 and 7 of the paper): one faint line per
// tick from the plot's top to its bottom, labelled below.
export function VerticalGrid({
  ticks,
  x,
  top,
  bottom,
  label,
}: {
  ticks: readonly number[];
  x: (value: number) => number;
  /** The plot's top and bottom edges (SVG y). */
  top: number;
  bottom: number;
  label: (value: number) => string;
}) {
  return ticks.map((t) => (
    <g key={t}>
      <line x1={x(t)} x2={x(t)} y1={top} y2={bottom} stroke="currentColor" strokeOpacity={0.12} />
      <text x={x(t)} y={bottom + 14} fontSize={11} textAnchor="middle" fill="currentColor">
        {label(t)}
      </text>
    </g>
  ));
}
