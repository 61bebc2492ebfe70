// Axis helpers for the leaderboard charts: round ticks ($1, $10, $100, $1k on the log cost axis; 0, 5, 10 ... on
// percentage axes) instead of arbitrary data values.

/** Decade ticks (with 3x steps when the data spans under two decades) for the log cost axis. */
export function logTicks(values: number[]): { domain: [number, number]; ticks: number[] } {
  if (values.length === 0) return { domain: [1, 10], ticks: [1, 10] };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const lo = Math.floor(Math.log10(min));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(max)));
  const ticks: number[] = [];
  for (let e = lo; e <= hi; e++) {
    ticks.push(round(10 ** e));
    if (hi - lo < 2 && e < hi) ticks.push(round(3 * 10 ** e));
  }
  // A little room beyond the data so that a point on a decade (e.g. exactly $1) is not drawn on the axis itself.
  return { domain: [round(Math.min(10 ** lo, min / 1.4)), round(Math.max(10 ** hi, max * 1.4))], ticks };
}

/** 0 to a round maximum in 4-6 steps of 1, 2 or 5 times a power of ten (for percentage axes). */
export function linearTicks(values: number[]): { domain: [number, number]; ticks: number[] } {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max === 0) return { domain: [0, 1], ticks: [0, 1] };
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(round(v));
  return { domain: [0, round(top)], ticks };
}

const round = (v: number) => Number(v.toPrecision(12));

export function compactUsd(v: number): string {
  if (v >= 1_000) return `$${(v / 1_000).toLocaleString("en-US", { maximumFractionDigits: 1 })}k`;
  return `$${v.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
}
