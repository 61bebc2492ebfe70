// Compare two submissions on one repository (docs/workbench.md): which reference bugs both found, only one found, or neither.

export type Comparison = { both: string[]; only_a: string[]; only_b: string[]; neither: string[] };

/** Splits the reference bug ids by which of the two matched sets holds them; every list keeps `all`'s order. */
export function compareMatched(
  all: readonly string[],
  matchedA: ReadonlySet<string>,
  matchedB: ReadonlySet<string>,
): Comparison {
  const out: Comparison = { both: [], only_a: [], only_b: [], neither: [] };
  for (const id of all) {
    const a = matchedA.has(id);
    const b = matchedB.has(id);
    (a && b ? out.both : a ? out.only_a : b ? out.only_b : out.neither).push(id);
  }
  return out;
}
