import type { SeriesOptions } from "../types";

export function stackSeries(series: SeriesOptions[]): number[][] {
  const totals: number[] = [];
  return series.map((s) =>
    s.data.map((value, i) => {
      const base = totals[i] ?? 0;
      totals[i] = base + value;
      return totals[i]!;
    }),
  );
}
