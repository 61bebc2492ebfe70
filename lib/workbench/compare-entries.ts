// Compare any public entries of one benchmark version (docs/workbench.md): the reference bugs each chosen entry found
// that the other chosen ones missed, the ones all of them found, and the pairwise overlap of every public entry.

type EntriesComparison = {
  /** Found by every chosen entry, in `all`'s order. */
  found_by_all: string[];
  /** Per chosen entry (in the order given), found by it and by none of the other chosen ones. */
  only: string[][];
  /** Found by none of the chosen entries. */
  found_by_none: string[];
};

/** Splits the reference bug ids by which of the chosen entries' matched sets hold them; lists keep `all`'s order. */
export function compareEntrySets(all: readonly string[], found: readonly ReadonlySet<string>[]): EntriesComparison {
  const out: EntriesComparison = { found_by_all: [], only: found.map(() => []), found_by_none: [] };
  for (const id of all) {
    const holders = found.flatMap((set, i) => (set.has(id) ? [i] : []));
    if (holders.length === 0) out.found_by_none.push(id);
    else if (holders.length === found.length) out.found_by_all.push(id);
    else if (holders.length === 1) out.only[holders[0]!]!.push(id);
  }
  return out;
}

type OverlapCell = { a: number; b: number; both: number; jaccard: number | null };

/**
 * Every unordered pair of entries (a < b, by position): how many reference bugs both found, and the Jaccard index
 * |A ∩ B| / |A ∪ B| (null when neither found anything, where the index is undefined).
 */
export function overlapPairs(found: readonly ReadonlySet<string>[]): OverlapCell[] {
  const cells: OverlapCell[] = [];
  for (let a = 0; a < found.length; a++) {
    for (let b = a + 1; b < found.length; b++) {
      const setA = found[a]!;
      const setB = found[b]!;
      let both = 0;
      for (const id of setA) if (setB.has(id)) both++;
      const union = setA.size + setB.size - both;
      cells.push({ a, b, both, jaccard: union === 0 ? null : both / union });
    }
  }
  return cells;
}
