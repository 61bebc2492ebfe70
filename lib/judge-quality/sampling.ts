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

/**
 * Up to `n` pairs the prefilter did not keep, drawn by rejection: a random left item, a random partner of the same
 * repository, refused when `isKept` says the pair was a candidate or it was drawn already. Gives up after 50 tries a
 * pair (a repository whose pairs were nearly all kept has few to give).
 */
export function drawFilteredOut<L extends { id: string }, R extends { id: string }>(
  lefts: readonly L[],
  partnersOf: (left: L) => readonly R[],
  isKept: (left: L, right: R) => boolean,
  n: number,
  seed: string,
): { left: L; right: R }[] {
  const random = createSeededRandom(seedNumber(seed, "filtered_out"));
  const out: { left: L; right: R }[] = [];
  const seen = new Set<string>();
  let tries = 0;
  while (out.length < n && tries < n * 50 && lefts.length > 0) {
    tries++;
    const left = lefts[Math.floor(random() * lefts.length)]!;
    const partners = partnersOf(left);
    if (partners.length === 0) continue;
    const right = partners[Math.floor(random() * partners.length)]!;
    const key = `${left.id}\u0000${right.id}`;
    if (left.id === right.id || seen.has(key) || isKept(left, right)) continue;
    seen.add(key);
    out.push({ left, right });
  }
  return out;
}
