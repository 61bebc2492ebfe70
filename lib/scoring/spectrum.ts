// Distinct findings of repeated runs (§E.1-E.2, Tables 22-23): the frequency spectrum (how many distinct findings
// were reported in exactly j of the k runs, Table 22's observed column), the accumulated union (distinct findings
// reported by at least one of the first m runs) and each run's distinct-finding count. A distinct finding is a
// component of same-root-cause findings (components.ts); a run reports it when any of its findings is in that run.
// Pure, so a stable-beta or Beta-binomial fit can read the spectrum as it is stored and served.

/** A component reduced to what the counts read: the runs reporting it (0-based) and whether it matches a reference bug. */
export type ComponentSummary = { runs: readonly number[]; matched: boolean };

/** One row per n = 1..k; matched and unmatched distinct findings are counted separately. */
export type SpectrumPoint = {
  n: number;
  /** Distinct findings reported in exactly n runs. */
  exactly_matched: number;
  exactly_unmatched: number;
  /** Distinct findings reported by at least one of runs 1..n (the union after n runs, runs in upload order). */
  union_matched: number;
  union_unmatched: number;
};

/** Per-component summaries from components and the finding-to-reference matches. */
export function summarizeComponents(
  components: readonly { id: number; runs: readonly number[] }[],
  componentOf: ReadonlyMap<string, number>,
  matches: Iterable<{ findingId: string }>,
): ComponentSummary[] {
  const matched = new Uint8Array(components.length);
  for (const match of matches) {
    const component = componentOf.get(match.findingId);
    if (component === undefined) throw new Error(`match names unknown finding ${match.findingId}`);
    matched[component] = 1;
  }
  return components.map((component) => ({ runs: component.runs, matched: matched[component.id] === 1 }));
}

function checkRuns(runCount: number, component: ComponentSummary): void {
  if (component.runs.length === 0) throw new Error("a component without a run");
  for (const run of component.runs) {
    if (!Number.isInteger(run) || run < 0 || run >= runCount)
      throw new Error(`run ${run} is outside 0..${runCount - 1}`);
  }
  if (new Set(component.runs).size !== component.runs.length) throw new Error("a component lists a run twice");
}

/**
 * The frequency spectrum and the accumulated union of k runs. Row n counts the distinct findings reported in exactly
 * n runs, and those reported by at least one of the first n runs; the exactly-n counts sum to the union of all k
 * runs (the last row's union).
 */
export function frequencySpectrum(runCount: number, components: readonly ComponentSummary[]): SpectrumPoint[] {
  if (!Number.isInteger(runCount) || runCount < 1)
    throw new Error(`runCount must be a positive integer, got ${runCount}`);
  const exactly = {
    matched: new Array<number>(runCount + 1).fill(0),
    unmatched: new Array<number>(runCount + 1).fill(0),
  };
  // firstRun[m]: distinct findings first reported by run m (0-based), so the union after n runs sums m < n.
  const firstRun = { matched: new Array<number>(runCount).fill(0), unmatched: new Array<number>(runCount).fill(0) };
  for (const component of components) {
    checkRuns(runCount, component);
    const kind = component.matched ? "matched" : "unmatched";
    exactly[kind][component.runs.length]! += 1;
    firstRun[kind][Math.min(...component.runs)]! += 1;
  }
  const points: SpectrumPoint[] = [];
  let unionMatched = 0;
  let unionUnmatched = 0;
  for (let n = 1; n <= runCount; n++) {
    unionMatched += firstRun.matched[n - 1]!;
    unionUnmatched += firstRun.unmatched[n - 1]!;
    points.push({
      n,
      exactly_matched: exactly.matched[n]!,
      exactly_unmatched: exactly.unmatched[n]!,
      union_matched: unionMatched,
      union_unmatched: unionUnmatched,
    });
  }
  return points;
}

/**
 * Each run's distinct findings: the components holding at least one of its findings (two reports of one bug in a run
 * count once), and how many of those match a reference bug. Index r is run r (0-based).
 */
export function distinctFindingsByRun(
  runCount: number,
  components: readonly ComponentSummary[],
): { distinct: number; matched: number }[] {
  const counts = Array.from({ length: runCount }, () => ({ distinct: 0, matched: 0 }));
  for (const component of components) {
    checkRuns(runCount, component);
    for (const run of component.runs) {
      counts[run]!.distinct += 1;
      if (component.matched) counts[run]!.matched += 1;
    }
  }
  return counts;
}
