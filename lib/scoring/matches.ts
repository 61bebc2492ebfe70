import { runSteps } from "../steps";

// Finding-to-reference matches (§A.4): many-to-many, from the judge's verdicts on kept pairs, with a maintainer's
// override winning over the judge (an override rescores). Pure: the worker loads verdicts and overrides,
// these rules decide.

export type MatchSource = "judge" | "override";
export type DerivedMatch = { findingId: string; referenceId: string; source: MatchSource };

/** An override, when there is one, decides; otherwise the judge's verdict (an undecided pair is not a match). */
export function resolveMatch(
  override: boolean | undefined,
  verdict: boolean | undefined,
): { match: boolean; source: MatchSource } {
  if (override !== undefined) return { match: override, source: "override" };
  return { match: verdict === true, source: "judge" };
}

/** Key of a finding/reference verdict or override: ordered (finding text, reference text), the judge's A and B. */
export function matchKey(findingHash: string, referenceHash: string): string {
  return `${findingHash}:${referenceHash}`;
}

type Bug = { id: string; repo: string; hash: string };

export type DeriveMatchesInput = {
  /** Kept pairs, by ids and text hashes. */
  pairs: Iterable<{ findingId: string; referenceId: string; findingHash: string; referenceHash: string }>;
  verdictOf: (key: string) => boolean | undefined;
  overrides: readonly { findingHash: string; referenceHash: string; match: boolean }[];
  findings: readonly Bug[];
  references: readonly Bug[];
};

/**
 * The matches of kept pairs, then those a positive override adds for pairs the prefilter never proposed (same
 * repository only). Each (finding, reference) pair appears at most once.
 */
export function deriveMatches(input: DeriveMatchesInput): DerivedMatch[] {
  return runSteps(deriveMatchesInSteps(input, Infinity));
}

/**
 * deriveMatches in steps: pauses (yields) after every `every` pairs, so a caller on an event loop can hand it back
 * between them (a run's 50,000 pairs held the worker's loop about 100 ms in one stretch).
 */
export function* deriveMatchesInSteps(input: DeriveMatchesInput, every: number): Generator<void, DerivedMatch[], void> {
  const overrideOf = new Map(input.overrides.map((o) => [matchKey(o.findingHash, o.referenceHash), o.match]));
  const matches: DerivedMatch[] = [];
  const proposed = new Set<string>();
  let seen = 0;
  for (const pair of input.pairs) {
    proposed.add(`${pair.findingId}:${pair.referenceId}`);
    const key = matchKey(pair.findingHash, pair.referenceHash);
    const { match, source } = resolveMatch(overrideOf.get(key), input.verdictOf(key));
    if (match) matches.push({ findingId: pair.findingId, referenceId: pair.referenceId, source });
    if (++seen % every === 0) yield;
  }
  const referencesByHash = groupBy(input.references, (r) => r.hash);
  const positive = groupBy(
    input.overrides.filter((o) => o.match),
    (o) => o.findingHash,
  );
  for (const finding of input.findings) {
    for (const override of positive.get(finding.hash) ?? []) {
      for (const reference of referencesByHash.get(override.referenceHash) ?? []) {
        const id = `${finding.id}:${reference.id}`;
        if (reference.repo !== finding.repo || proposed.has(id)) continue;
        proposed.add(id);
        matches.push({ findingId: finding.id, referenceId: reference.id, source: "override" });
      }
    }
  }
  return matches;
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
