import type { ValidityPoint } from "@/lib/leaderboard/validity-points";
import { ChartSvg } from "@/components/ui/chart-svg";

// Figure 5: panel validity (y) over precision against the reference set (x), each with its 95% interval as a whisker.
// Plain SVG drawn on the server, scaled to the width it gets; the table beside it carries the same numbers. Each point is
// numbered as its row of the table (a name would not fit beside a cluster of points; its title says it on hover).

const WIDTH = 560;
const HEIGHT = 340;
// The right margin holds the last tick's label ("11.0%") centred on the plot's edge.
const PAD = { left: 48, right: 24, top: 12, bottom: 40 };

export function ValidityChart({ points, label }: { points: ValidityPoint[]; label: string }) {
  const maxPrecision = Math.min(1, Math.max(0.1, ...points.map((p) => p.precision_ci?.[1] ?? p.precision)) * 1.1);
  const x = (v: number) => PAD.left + (v / maxPrecision) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - v * (HEIGHT - PAD.top - PAD.bottom);
  const xTicks = Array.from({ length: 5 }, (_, i) => (maxPrecision * i) / 4);
  const yTicks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <ChartSvg width={WIDTH} height={HEIGHT} label={label}>
      {yTicks.map((t) => (
        <g key={`y${t}`}>
          <line x1={x(0)} x2={x(maxPrecision)} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.12} />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end" fill="currentColor">
            {Math.round(t * 100)}%
          </text>
        </g>
      ))}
      {xTicks.map((t) => (
        <text key={`x${t}`} x={x(t)} y={HEIGHT - PAD.bottom + 16} fontSize={11} textAnchor="middle" fill="currentColor">
          {(t * 100).toFixed(1)}%
        </text>
      ))}
      <text x={(x(0) + x(maxPrecision)) / 2} y={HEIGHT - 4} fontSize={11} textAnchor="middle" fill="currentColor">
        precision against the reference set
      </text>
      <text
        x={12}
        y={(y(0) + y(1)) / 2}
        fontSize={11}
        textAnchor="middle"
        fill="currentColor"
        transform={`rotate(-90 12 ${(y(0) + y(1)) / 2})`}
      >
        panel validity
      </text>
      {points.map((p, i) => {
        const colour = p.source === "reported" ? "#8250df" : "#1f6feb";
        return (
          <g key={p.id}>
            <title>{`${p.label}: validity ${(p.validity * 100).toFixed(1)}%, precision ${(p.precision * 100).toFixed(1)}%`}</title>
            {p.validity_ci && (
              <line
                x1={x(p.precision)}
                x2={x(p.precision)}
                y1={y(p.validity_ci[0])}
                y2={y(p.validity_ci[1])}
                stroke={colour}
                strokeOpacity={0.6}
              />
            )}
            {p.precision_ci && (
              <line
                x1={x(p.precision_ci[0])}
                x2={x(p.precision_ci[1])}
                y1={y(p.validity)}
                y2={y(p.validity)}
                stroke={colour}
                strokeOpacity={0.6}
              />
            )}
            <circle
              cx={x(p.precision)}
              cy={y(p.validity)}
              r={4}
              fill={p.source === "reported" ? "none" : colour}
              stroke={colour}
              strokeWidth={2}
            />
            <text x={x(p.precision) + 6} y={y(p.validity) - 6} fontSize={11} fill="currentColor">
              {i + 1}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
