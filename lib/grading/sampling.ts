import { allocateProportionally, seedNumber, shuffle } from "../panel/sample";
import { createSeededRandom } from "../scoring/seeded-random";
import { STRATA, type Stratum } from "./matcher-quality";

// Seeded draws for people to judge. Pairs to label mix the three strata in stated shares (§A.4: the filter's misses
// are measurable only when filtered-out pairs are labelled too); reference bugs to audit are spread over the
// repositories in proportion to their reference bugs (§2.2). The same seed and pools always give the same draw.

/** The default mix: 40% pairs the judge matched, 40% it rejected, 20% the prefilter never sent to it. */
export const DEFAULT_STRATUM_SHARES: Record<Stratum, number> = {
  judged_match: 0.4,
  judged_no_match: 0.4,
  filtered_out: 0.2,
};

/** Seats per stratum: the shares of `size` by largest remainders; a stratum never gets more than its pool holds. */
export function allocateStrata(
  size: number,
  shares: Record<Stratum, number>,
  available: Record<Stratum, number>,
): Record<Stratum, number> {
  const weights = new Map(STRATA.map((s) => [s, Math.round(shares[s] * 1_000_000)]));
  const seats = allocateProportionally(weights, size);
  const out = { judged_match: 0, judged_no_match: 0, filtered_out: 0 };
  for (const s of STRATA) out[s] = Math.min(seats.get(s) ?? 0, available[s]);
  return out;
}

/** `n` items of `pool` in a seeded order (the pool's own order must be stable, e.g. sorted by id). */
export function drawSeeded<T>(pool: readonly T[], n: number, seed: string, salt: string): T[] {
  return shuffle([...pool], createSeededRandom(seedNumber(seed, salt))).slice(0, n);
}
