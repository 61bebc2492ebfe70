import type { CdfPoint } from "@/lib/analyses/fix-rank";
import { ChartSvg } from "@/components/ui/chart-svg";

// The two CDFs of a fix-rank test (§C.4) as steps: matched bugs' normalised fix ranks against the repository-weighted
// null, with the gap D marked. Plain SVG, drawn on the server; the data table beside it carries the same numbers.

const WIDTH = 420;
const HEIGHT = 260;
const PAD = { left: 44, right: 12, top: 12, bottom: 36 };

function stepPath(points: CdfPoint[], value: (p: CdfPoint) => number): string {
  const x = (v: number) => PAD.left + v * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - v * (HEIGHT - PAD.top - PAD.bottom);
  let d = `M ${x(0)} ${y(0)}`;
  for (const p of points) d += ` H ${x(p.x).toFixed(1)} V ${y(value(p)).toFixed(1)}`;
  return d;
}

export function CdfChart({
  points,
  at,
  d,
  label,
}: {
  points: CdfPoint[];
  at: number | null;
  d: number | null;
  label: string;
}) {
  const x = (v: number) => PAD.left + v * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - v * (HEIGHT - PAD.top - PAD.bottom);
  const gap = at !== null ? points.find((p) => Math.abs(p.x - at) < 1e-9) : undefined;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <ChartSvg width={WIDTH} height={HEIGHT} label={label}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(0)} x2={x(1)} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.12} />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end" fill="currentColor">
            {t}
          </text>
          <text x={x(t)} y={HEIGHT - PAD.bottom + 16} fontSize={11} textAnchor="middle" fill="currentColor">
            {t}
          </text>
        </g>
      ))}
      <text x={(x(0) + x(1)) / 2} y={HEIGHT - 4} fontSize={11} textAnchor="middle" fill="currentColor">
        normalised fix rank u (0 = fixed first)
      </text>
      <path
        d={stepPath(points, (p) => p.expected)}
        fill="none"
        stroke="currentColor"
        strokeDasharray="5 4"
        strokeWidth={1.5}
      />
      <path d={stepPath(points, (p) => p.observed)} fill="none" stroke="#1f6feb" strokeWidth={2} />
      {gap && d !== null && (
        <line x1={x(gap.x)} x2={x(gap.x)} y1={y(gap.observed)} y2={y(gap.expected)} stroke="#cf222e" strokeWidth={2} />
      )}
    </ChartSvg>
  );
}
