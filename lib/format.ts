// Number and date formatting shared by pages, client components and the CLI (pure: no I/O, browser-safe). Ratios are
// stored as fractions; they show as percentages with one decimal, like the paper's tables. A value that was never
// published renders as an en dash; a ratio with an empty denominator (no findings, no reference bugs) as "n/a".
// Neither is ever shown as 0.
export const DASH = "–";
export const NO_VALUE = "n/a";

/** A fraction as a percentage without the % sign ("12.3"), or a dash when there is no number. */
export function pct(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? DASH : (100 * value).toFixed(digits);
}

export function pctInterval(interval: readonly [number, number] | null | undefined): string {
  return interval ? `${pct(interval[0])}–${pct(interval[1])}` : "";
}

/**
 * A p-value of a goodness-of-fit test: three decimals, then one significant digit in exponent form; below 1e-99 (or
 * underflowed to 0) "< 1e-99", as Table 22 of the paper prints it, never "0.0e+0".
 */
export function formatPValue(p: number): string {
  if (p < 1e-99) return "< 1e-99";
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

/** "p = 0.012", "p = 3.2e-7", or "p < 1e-99" where formatPValue would print "< 1e-99" (never "p = < 1e-99"). */
export function pValueText(p: number): string {
  const text = formatPValue(p);
  return text.startsWith("<") ? `p ${text}` : `p = ${text}`;
}

export type RatioName = "recall" | "precision" | "f1";

/** What the ratio texts read of a score (lib/scoring/types.ts StoredScore). */
type ScoreRatios = Record<RatioName, number | null> & { reference_bugs: number | null; findings: number | null };

/** Whether a score's ratio is missing because its denominator is empty (a value that cannot exist), not unpublished. */
export function hasNoValue(score: ScoreRatios, metric: RatioName): boolean {
  if (score[metric] !== null) return false;
  const noRecall = score.reference_bugs === 0;
  const noPrecision = score.findings === 0;
  return metric === "recall" ? noRecall : metric === "precision" ? noPrecision : noRecall || noPrecision;
}

/** What stands in a page for a missing ratio: "n/a" for an empty denominator, a dash for an unpublished value. */
export function missingRatioText(score: ScoreRatios, metric: RatioName): string {
  return hasNoValue(score, metric) ? NO_VALUE : DASH;
}

/** A ratio of a score as a percentage, with the % sign when asked (the CLI), or its missing-value text. */
export function ratioText(score: ScoreRatios, metric: RatioName, options: { sign?: boolean } = {}): string {
  const value = score[metric];
  if (value === null || !Number.isFinite(value)) return missingRatioText(score, metric);
  return `${pct(value)}${options.sign ? "%" : ""}`;
}

export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  return value >= 100 ? `$${Math.round(value).toLocaleString("en-US")}` : `$${value.toFixed(value >= 10 ? 1 : 2)}`;
}

export function count(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return Number.isInteger(value)
    ? value.toLocaleString("en-US")
    : value.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

export function configurationName(row: {
  model: string;
  reasoning_effort?: string | null;
  harness?: string | null;
}): string {
  return [row.model, row.reasoning_effort, row.harness].filter(Boolean).join(" · ");
}

const UTC_LENGTH = { date: 10, minute: 16, second: 19 } as const;

/**
 * A moment in UTC, the one date format of pages, API and CLI: "2026-11-30" (date), "2026-11-30 16:20" (minute) or
 * "2026-11-30 16:20:05" (second). Takes a Date or an ISO string (what crosses into client components).
 */
export function formatUtc(value: Date | string, precision: keyof typeof UTC_LENGTH = "date"): string {
  const iso = typeof value === "string" ? new Date(value).toISOString() : value.toISOString();
  return iso.slice(0, UTC_LENGTH[precision]).replace("T", " ");
}

/** A parameter count as models are named: 70B, 1.5T, 350M, 8.03B (three significant figures at most). */
export function parameterCountText(value: number): string {
  const units: [number, string][] = [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  const [size, unit] = units.find(([u]) => value >= u) ?? [1, ""];
  return `${Number((value / size).toPrecision(3))}${unit}`;
}

/** The model metadata a submitter stated, on one line ("Meta · 70B parameters · llama3.1"); "" when none. */
export function modelMetadataText(row: {
  organisation: string | null;
  parameter_count: number | null;
  model_licence: string | null;
}): string {
  return [
    row.organisation,
    row.parameter_count === null ? null : `${parameterCountText(row.parameter_count)} parameters`,
    row.model_licence,
  ]
    .filter(Boolean)
    .join(" · ");
}
