import exponentialLogcdf from "@stdlib/stats-base-dists-exponential-logcdf";
import exponentialLogpdf from "@stdlib/stats-base-dists-exponential-logpdf";
import lognormalLogcdf from "@stdlib/stats-base-dists-lognormal-logcdf";
import lognormalLogpdf from "@stdlib/stats-base-dists-lognormal-logpdf";
import weibullLogcdf from "@stdlib/stats-base-dists-weibull-logcdf";
import weibullLogpdf from "@stdlib/stats-base-dists-weibull-logpdf";

// §A.3: the three families of fix positions (time to a snapshot bug's fix, counted in bug-fixing commits). The
// exponential has a constant fixing hazard, the Weibull a falling or rising one, the lognormal a much longer tail.
// Each family is fitted in unconstrained coordinates (logs of positive parameters) and reported in its own.

export type FamilyName = "exponential" | "weibull" | "lognormal";

export type Family = {
  name: FamilyName;
  /** Parameter names in the paper's order (Table 8). */
  parameters: readonly string[];
  logPdf: (t: number, theta: readonly number[]) => number;
  logCdf: (t: number, theta: readonly number[]) => number;
  /** Natural parameters from unconstrained optimiser coordinates, and back. */
  fromCoordinates: (x: readonly number[]) => number[];
  toCoordinates: (theta: readonly number[]) => number[];
  /** Starting points (natural parameters) from the positions' moments. */
  starts: (positions: readonly number[]) => number[][];
  /** A draw of a fix time (for simulation checks). */
  sample: (theta: readonly number[], random: () => number) => number;
};

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1);
}

function sd(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2))) || 1;
}

function standardNormal(random: () => number): number {
  // Box-Muller; 1 - u keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

export const EXPONENTIAL: Family = {
  name: "exponential",
  parameters: ["beta"],
  logPdf: (t, [beta]) => exponentialLogpdf(t, beta!),
  logCdf: (t, [beta]) => exponentialLogcdf(t, beta!),
  fromCoordinates: ([x]) => [Math.exp(x!)],
  toCoordinates: ([beta]) => [Math.log(beta!)],
  starts: (t) => [[1 / mean(t)], [0.2 / mean(t)]],
  sample: ([beta], random) => -Math.log(1 - random()) / beta!,
};

export const WEIBULL: Family = {
  name: "weibull",
  parameters: ["a", "lambda"],
  logPdf: (t, [a, lambda]) => weibullLogpdf(t, a!, lambda!),
  logCdf: (t, [a, lambda]) => weibullLogcdf(t, a!, lambda!),
  fromCoordinates: ([x, y]) => [Math.exp(x!), Math.exp(y!)],
  toCoordinates: ([a, lambda]) => [Math.log(a!), Math.log(lambda!)],
  starts: (t) => [
    [1, mean(t)],
    [0.7, 3 * mean(t)],
  ],
  sample: ([a, lambda], random) => lambda! * (-Math.log(1 - random())) ** (1 / a!),
};

export const LOGNORMAL: Family = {
  name: "lognormal",
  parameters: ["mu", "sigma"],
  logPdf: (t, [mu, sigma]) => lognormalLogpdf(t, mu!, sigma!),
  logCdf: (t, [mu, sigma]) => lognormalLogcdf(t, mu!, sigma!),
  fromCoordinates: ([x, y]) => [x!, Math.exp(y!)],
  toCoordinates: ([mu, sigma]) => [mu!, Math.log(sigma!)],
  starts: (t) => {
    const logs = t.map((v) => Math.log(v));
    const m = mean(logs);
    const s = sd(logs);
    // Truncation hides the right tail: a start far beyond the window too, as the paper's fit lies there.
    return [
      [m, s],
      [m + 3 * s, 2 * s],
      [m + 8 * s, 3 * s],
    ];
  },
  sample: ([mu, sigma], random) => Math.exp(mu! + sigma! * standardNormal(random)),
};

export const FAMILIES: readonly Family[] = [EXPONENTIAL, WEIBULL, LOGNORMAL];
