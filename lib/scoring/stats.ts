// Exact binomial confidence intervals (Table 14: validity = confirmed / decided, with a 95% Clopper-Pearson
// interval; the leaderboard's recall and precision intervals). The beta quantile comes from stdlib, a maintained
// numerical library, instead of a hand-written incomplete beta and bisection.

import betaQuantile from "@stdlib/stats-base-dists-beta-quantile";
import type { Interval } from "./types";

/**
 * Exact (Clopper-Pearson) interval for a binomial proportion: the bounds are beta quantiles,
 * lower = B(α/2; x, n - x + 1) and upper = B(1 - α/2; x + 1, n - x), with lower = 0 at x = 0 and
 * upper = 1 at x = n. With no trials nothing is known, so the interval is [0, 1].
 */
export function clopperPearson(successes: number, trials: number, confidence = 0.95): Interval {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || successes < 0 || successes > trials) {
    throw new Error(`clopperPearson: need integers 0 <= successes <= trials, got ${successes} of ${trials}`);
  }
  if (!(confidence > 0 && confidence < 1))
    throw new Error(`clopperPearson: confidence must be in (0, 1), got ${confidence}`);
  if (trials === 0) return [0, 1];
  const alpha = 1 - confidence;
  const lower = successes === 0 ? 0 : betaQuantile(alpha / 2, successes, trials - successes + 1);
  const upper = successes === trials ? 1 : betaQuantile(1 - alpha / 2, successes + 1, trials - successes);
  return [lower, upper];
}
