import { quantileSorted } from "d3-array";
import { createSeededRandom } from "../scoring/seeded-random";

// Figure 8 of the paper: the share of reference bugs that other configurations find, conditioned on how many runs of
// one repeated configuration find the bug ("Of the reference bugs that none of nine Luna runs find, other models find
// only 5% on average. Of those that all nine runs find, other models find 87%"). With k >= 3 runs in upload order,
// the last run is held out and the other k - 1 condition: bucket x holds the reference bugs that exactly x of them
// match (x = 0..k-1). Per bucket:
//
//   others: the mean over the other configurations of the share of the bucket's bugs each matches, counting for each
//   configuration only the bugs of repositories it covers (one that covers none of them is left out of the mean);
//   held-out: the share of the bucket's bugs the held-out run matches;
//   baseline: the same mean over the other configurations for bugs picked at random within each bug type: as many
//   bugs of each category as the bucket holds, drawn uniformly without replacement from all the reference bugs of
//   that category (bugs without a category form one more pool), repeated `draws` times with a seeded generator; the
//   mean and the 2.5-97.5% range of the draws.
//
// Pure: no I/O. The same input (bugs in the same order) and seed always give the same numbers.

export const RUN_AGREEMENT_SEED = 20_260_408;
export const RUN_AGREEMENT_DRAWS = 200;

export type AgreementBug = { id: string; category: string | null; repository: string };

/** Another configuration: the reference bugs it matched, and the repositories it covers (null: all of them). */
export type OtherConfiguration = { found: ReadonlySet<string>; repositories: ReadonlySet<string> | null };

type Baseline = { mean: number; low: number; high: number };

type AgreementBucket = {
  /** How many of the conditioning runs match the bug. */
  x: number;
  bugs: number;
  /** Bugs of the bucket without a category (drawn from the uncategorised pool by the baseline). */
  uncategorised: number;
  /** Other configurations that cover at least one bug of the bucket: the ones the mean runs over. */
  configurations: number;
  /** Mean share of the bucket's bugs an other configuration matches; null when none covers one. */
  othersShare: number | null;
  /** Share of the bucket's bugs the held-out run matches; null for an empty bucket. */
  heldOutShare: number | null;
  /** Null for an empty bucket or where no other configuration covers a bug. */
  baseline: Baseline | null;
};

export type RunAgreementShare = {
  /** Runs conditioned on (k - 1). */
  conditioningRuns: number;
  /** 0-based index of the held-out run (the last in upload order). */
  heldOutRun: number;
  /** Other configurations given. */
  configurations: number;
  draws: number;
  seed: number;
  buckets: AgreementBucket[];
};

type Coverage = { found: Uint8Array; covered: Uint8Array };

/** Mean over configurations of found / covered within `picked` (bug indices); null when none covers a picked bug. */
function meanShare(picked: Int32Array, configurations: readonly Coverage[]): number | null {
  let sum = 0;
  let counted = 0;
  for (const c of configurations) {
    let covered = 0;
    let found = 0;
    for (let i = 0; i < picked.length; i++) {
      const bug = picked[i]!;
      covered += c.covered[bug]!;
      found += c.found[bug]!;
    }
    if (covered === 0) continue;
    sum += found / covered;
    counted += 1;
  }
  return counted > 0 ? sum / counted : null;
}

/**
 * `bugs`: the reference bugs of the repositories the repeated configuration covers; `runs`: the reference bug ids each
 * of its runs matched, in upload order (at least three); `others`: the other configurations.
 */
export function runAgreementShare(
  bugs: readonly AgreementBug[],
  runs: readonly ReadonlySet<string>[],
  others: readonly OtherConfiguration[],
  options: { draws?: number; seed?: number } = {},
): RunAgreementShare {
  if (runs.length < 3) throw new Error(`run agreement needs at least three runs, got ${runs.length}`);
  const draws = options.draws ?? RUN_AGREEMENT_DRAWS;
  const seed = options.seed ?? RUN_AGREEMENT_SEED;
  const conditioning = runs.slice(0, -1);
  const heldOut = runs.at(-1)!;
  const configurations: Coverage[] = others.map((o) => ({
    found: Uint8Array.from(bugs, (b) =>
      o.found.has(b.id) && (!o.repositories || o.repositories.has(b.repository)) ? 1 : 0,
    ),
    covered: Uint8Array.from(bugs, (b) => (!o.repositories || o.repositories.has(b.repository) ? 1 : 0)),
  }));
  // Category pools in code-unit order of their key, so the draws do not depend on the order categories first appear.
  const poolKey = (b: AgreementBug) => (b.category === null ? "" : `c:${b.category}`);
  const pools = new Map<string, number[]>();
  bugs.forEach((b, i) => {
    const key = poolKey(b);
    const pool = pools.get(key);
    if (pool) pool.push(i);
    else pools.set(key, [i]);
  });
  const poolOrder = [...pools.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  const byBucket = conditioning.map((): number[] => []);
  byBucket.push([]);
  bugs.forEach((b, i) => {
    const x = conditioning.reduce((n, run) => n + (run.has(b.id) ? 1 : 0), 0);
    byBucket[x]!.push(i);
  });

  const random = createSeededRandom(seed);
  const buckets = byBucket.map((members, x): AgreementBucket => {
    const othersShare = meanShare(Int32Array.from(members), configurations);
    const perPool = new Map<string, number>();
    for (const i of members) {
      const key = poolKey(bugs[i]!);
      perPool.set(key, (perPool.get(key) ?? 0) + 1);
    }
    const heldOutFound = members.filter((i) => heldOut.has(bugs[i]!.id)).length;
    return {
      x,
      bugs: members.length,
      uncategorised: perPool.get("") ?? 0,
      configurations: configurations.filter((c) => members.some((i) => c.covered[i] === 1)).length,
      othersShare,
      heldOutShare: members.length > 0 ? heldOutFound / members.length : null,
      baseline:
        othersShare === null
          ? null
          : drawBaseline(poolOrder, pools, perPool, configurations, draws, random, members.length),
    };
  });
  return {
    conditioningRuns: conditioning.length,
    heldOutRun: runs.length - 1,
    configurations: others.length,
    draws,
    seed,
    buckets,
  };
}

/**
 * `draws` times: as many bugs of each pool as the bucket holds, drawn without replacement (a partial Fisher-Yates
 * shuffle of the pool, in pool order, undone after each draw), and the mean share over the configurations of the
 * drawn set.
 */
function drawBaseline(
  poolOrder: readonly string[],
  pools: Map<string, number[]>,
  perPool: ReadonlyMap<string, number>,
  configurations: readonly Coverage[],
  draws: number,
  random: () => number,
  size: number,
): Baseline | null {
  const picked = new Int32Array(size);
  const swaps = new Int32Array(size);
  const values: number[] = [];
  for (let d = 0; d < draws; d++) {
    let filled = 0;
    for (const key of poolOrder) {
      const m = perPool.get(key) ?? 0;
      if (m === 0) continue;
      const pool = pools.get(key)!;
      for (let i = 0; i < m; i++) {
        const j = i + Math.floor(random() * (pool.length - i));
        swaps[i] = j;
        const chosen = pool[j]!;
        pool[j] = pool[i]!;
        pool[i] = chosen;
        picked[filled++] = chosen;
      }
      // Undone in reverse, so every draw starts from the pool in its original order (and no copy is made).
      for (let i = m - 1; i >= 0; i--) {
        const j = swaps[i]!;
        const tmp = pool[j]!;
        pool[j] = pool[i]!;
        pool[i] = tmp;
      }
    }
    const share = meanShare(picked, configurations);
    // A draw where no configuration covers a drawn bug has no share (only with partial coverage).
    if (share !== null) values.push(share);
  }
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return {
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    low: quantileSorted(values, 0.025)!,
    high: quantileSorted(values, 0.975)!,
  };
}
