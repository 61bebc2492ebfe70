// Number formatting shared by pages and client components. Ratios are stored as fractions; pages show percentages
// with one decimal, like the paper's tables. Missing values render as an en dash, never as 0.
export const DASH = "–";

export function pct(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? DASH : (100 * value).toFixed(digits);
}

export function pctInterval(interval: [number, number] | null | undefined): string {
  return interval ? `${pct(interval[0])}–${pct(interval[1])}` : "";
}

export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  return value >= 100 ? `$${Math.round(value).toLocaleString("en-US")}` : `$${value.toFixed(value >= 10 ? 1 : 2)}`;
}

export function count(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

export function configurationName(row: { model: string; reasoning_effort?: string | null; harness?: string | null }): string {
  return [row.model, row.reasoning_effort, row.harness].filter(Boolean).join(" · ");
}
