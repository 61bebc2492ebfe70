import betaQuantile from "@stdlib/stats-base-dists-beta-quantile";
import type { Interval } from "../scoring/types";

// Design-weighted figures from a stratified sample (§2.3, §A.4: the matcher's recall and agreement, the filter's
// recall). The labelling sample draws fixed shares from strata of very different sizes (40% of a few hundred judged
// matches, 20% of a hundred thousand filtered-out pairs), so a pooled count weighs each stratum by its share of the
// sample, not of the population. Here each labelled pair stands for population / labelled pairs of its stratum
// (Horvitz-Thompson weights), and a proportion is the ratio of two weighted totals.
//
// The interval is Korn & Graubard's (1998): Clopper-Pearson at the design's effective sample size,
// n_eff = p(1 - p) / Var(p), where Var(p) is the stratified, linearized variance of the ratio with the finite population
// correction; n_eff is capped at the labelled pairs in the denominator, and a variance of zero (every stratum unanimous)
// falls back to that count. A stratum of many pairs in which no match was labelled has no variance to show: how many
// matches it may still hide is bounded apart (`boundStratumMatches`).

export type StratumFrame = {
  /** Pairs of the stratum in the population the sample was drawn from. */
  population: number;
  /** Labelled pairs drawn from it (any label: every one stands for the same share of the stratum). */
  sampled: number;
};

/** One labelled pair of the domain: whether it counts in the denominator and in the numerator (a subset of it). */
export type DesignUnit = { stratum: string; numerator: boolean; denominator: boolean };

export type WeightedEstimate = {
  value: number | null;
  interval: Interval | null;
  /** Labelled pairs in the denominator. */
  labelled: number;
  /** The design's effective sample size (Korn-Graubard), the n of the Clopper-Pearson interval. */
  effectiveN: number | null;
  /** The weighted total of the denominator: how many population pairs it estimates. */
  denominatorTotal: number | null;
};

/** Clopper-Pearson bounds for a real-valued count (the effective successes of a design-weighted proportion). */
function clopperPearsonReal(successes: number, trials: number, confidence: number): Interval {
  const alpha = 1 - confidence;
  const x = Math.min(Math.max(successes, 0), trials);
  const lower = x <= 1e-12 ? 0 : betaQuantile(alpha / 2, x, trials - x + 1);
  const upper = x >= trials - 1e-12 ? 1 : betaQuantile(1 - alpha / 2, x + 1, trials - x);
  return [lower, upper];
}

const weightOf = (frame: StratumFrame) => Math.max(frame.population, frame.sampled) / frame.sampled;

export function stratifiedRatio(
  units: readonly DesignUnit[],
  frames: Readonly<Record<string, StratumFrame>>,
  confidence = 0.95,
): WeightedEstimate {
  const frameOf = (stratum: string) => {
    const frame = frames[stratum];
    if (!frame || frame.sampled <= 0) throw new Error(`stratifiedRatio: no sampled frame for stratum ${stratum}`);
    return frame;
  };
  let numerator = 0;
  let denominator = 0;
  let labelled = 0;
  for (const u of units) {
    if (u.numerator && !u.denominator) throw new Error("stratifiedRatio: a numerator unit must be in the denominator");
    const w = weightOf(frameOf(u.stratum));
    if (u.numerator) numerator += w;
    if (u.denominator) {
      denominator += w;
      labelled++;
    }
  }
  if (denominator === 0) return { value: null, interval: null, labelled, effectiveN: null, denominatorTotal: null };
  const ratio = numerator / denominator;
  // Linearized variance: z = y - R x per sampled pair (zero for sampled pairs outside the domain), per stratum.
  let variance = 0;
  for (const [stratum, frame] of Object.entries(frames)) {
    const zs = units
      .filter((u) => u.stratum === stratum)
      .map((u) => Number(u.numerator) - ratio * Number(u.denominator));
    const n = frame.sampled;
    if (n < 2) continue;
    const sum = zs.reduce((a, z) => a + z, 0);
    const sumSquares = zs.reduce((a, z) => a + z * z, 0);
    const s2 = (sumSquares - (sum * sum) / n) / (n - 1);
    const population = Math.max(frame.population, n);
    variance += (population * population * (1 - n / population) * s2) / n;
  }
  variance /= denominator * denominator;
  const effectiveN =
    variance > 1e-15 && ratio > 0 && ratio < 1 ? Math.min(labelled, (ratio * (1 - ratio)) / variance) : labelled;
  return {
    value: ratio,
    interval: clopperPearsonReal(ratio * effectiveN, effectiveN, confidence),
    labelled,
    effectiveN,
    denominatorTotal: denominator,
  };
}

export type StratumBound = {
  /** Matches the labelled pairs of the stratum estimate it holds. */
  estimate: number;
  /** The upper bound on its matches: population x the (two-sided 95%) Clopper-Pearson upper bound of its share. */
  upper: number;
  /**
   * True when the upper bound is at least the matches the other strata are estimated to hold: the stratum's labelled
   * pairs cannot rule out that the filter misses as many matches as it keeps.
   */
  tooThin: boolean;
  /** The filter's recall if the stratum held `upper` matches: the lowest the labelled pairs allow at 95%. */
  recallFloor: number | null;
};

/**
 * How many matches a stratum the judge never saw may hide (the prefilter's misses, §A.4), from `matches` labelled
 * matches among its `frame.sampled` labelled pairs, against `keptMatches`, the weighted matches the filter kept.
 */
export function boundStratumMatches(
  frame: StratumFrame,
  matches: number,
  keptMatches: number,
  confidence = 0.95,
): StratumBound {
  const population = Math.max(frame.population, frame.sampled);
  if (frame.sampled === 0) return { estimate: 0, upper: population, tooThin: true, recallFloor: null };
  const [, upperShare] = clopperPearsonReal(matches, frame.sampled, confidence);
  const estimate = (population * matches) / frame.sampled;
  const upper = population * upperShare;
  return {
    estimate,
    upper,
    tooThin: upper >= keptMatches,
    recallFloor: keptMatches + upper > 0 ? keptMatches / (keptMatches + upper) : null,
  };
}
