// The frame of the paper's line charts drawn as plain SVG on the server (Figures 8 and 9): the plot's geometry, grid
// lines and tick labels on both axes, and the axis titles. The charts draw their lines inside it.

import { ChartSvg } from "@/components/ui/chart-svg";

const WIDTH = 420;
const HEIGHT = 260;
export const PAD = { left: 58, right: 16, top: 12, bottom: 40 };
export const PLOT_W = WIDTH - PAD.left - PAD.right;
export const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** Rounded-up axis maximum with four even ticks. */
export function axis(max: number): number[] {
  if (max <= 0) return [0, 1];
  const step = 10 ** Math.floor(Math.log10(max / 4));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * step).find((s) => s * 4 >= max) ?? 10 * step;
  return [0, 1, 2, 3, 4].map((i) => i * nice);
}

/** One axis of the frame: its ticks, the scale from a value to SVG units, its title and how a tick is labelled. */
type Axis = { ticks: number[]; scale: (v: number) => number; title: string; format: (v: number) => string };

export function Frame({ label, x, y, children }: { label: string; x: Axis; y: Axis; children: React.ReactNode }) {
  return (
    <ChartSvg width={WIDTH} height={HEIGHT} label={label}>
      {y.ticks.map((t) => (
        <g key={`y${t}`}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y.scale(t)}
            y2={y.scale(t)}
            stroke="currentColor"
            strokeOpacity={0.12}
          />
          <text x={PAD.left - 6} y={y.scale(t) + 4} fontSize={11} textAnchor="end" fill="currentColor">
            {y.format(t)}
          </text>
        </g>
      ))}
      {x.ticks.map((t) => (
        <text
          key={`x${t}`}
          x={x.scale(t)}
          y={HEIGHT - PAD.bottom + 16}
          fontSize={11}
          textAnchor="middle"
          fill="currentColor"
        >
          {x.format(t)}
        </text>
      ))}
      <text x={PAD.left + PLOT_W / 2} y={HEIGHT - 6} fontSize={11} textAnchor="middle" fill="currentColor">
        {x.title}
      </text>
      <text
        transform={`translate(12 ${PAD.top + PLOT_H / 2}) rotate(-90)`}
        fontSize={11}
        textAnchor="middle"
        fill="currentColor"
      >
        {y.title}
      </text>
      {children}
    </ChartSvg>
  );
}

export const path = (points: [number, number][]) =>
  points.map(([px, py], i) => `${i === 0 ? "M" : "L"} ${px.toFixed(1)} ${py.toFixed(1)}`).join(" ");
