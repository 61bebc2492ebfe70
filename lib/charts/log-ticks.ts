// Axis helpers for the log-scale cost charts: round ticks ($1, $10, $100, $1k) instead of arbitrary data values.

/** Decade ticks (with 3x steps when the data spans under two decades) for the log cost axis. */
export function logTicks(values: number[]): { domain: [number, number]; ticks: number[] } {
  if (values.length === 0) return { domain: [1, 10], ticks: [1, 10] };
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...values))));
  const ticks: number[] = [];
  for (let e = lo; e <= hi; e++) {
    ticks.push(round(10 ** e));
    if (hi - lo < 2 && e < hi) ticks.push(round(3 * 10 ** e));
  }
  return { domain: [round(10 ** lo), round(10 ** hi)], ticks };
}

const round = (v: number) => Number(v.toPrecision(12));

export function compactUsd(v: number): string {
  if (v >= 1_000) return `$${(v / 1_000).toLocaleString("en-US", { maximumFractionDigits: 1 })}k`;
  return `$${v.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
}
