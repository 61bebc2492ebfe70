import type { Coverage, LeaderboardRow } from "@/lib/leaderboard/types";

// The values the Model, Organisation, Harness and Effort filters offer under the current "Evaluated on" choice. A value that only
// rows of another choice carry (a model evaluated on a repository subset only) is offered apart, named with that
// choice, and picking it switches to it, instead of silently showing an empty table. Pure, for the client component.

export type OptionKey = "model" | "organisation" | "harness" | "effort";
export type ElsewhereOption = { value: string; coverage: string; coverageLabel: string };
export type FilterOptions = Record<OptionKey, string[]> & { elsewhere: Record<OptionKey, ElsewhereOption[]> };

type Row = Pick<LeaderboardRow, "coverage" | "model" | "organisation" | "harness" | "reasoning_effort">;

const FIELD: Record<OptionKey, (r: Row) => string | null> = {
  model: (r) => r.model,
  organisation: (r) => r.organisation,
  harness: (r) => r.harness,
  effort: (r) => r.reasoning_effort,
};

function sorted(values: Iterable<string>): string[] {
  return [...values].sort((a, b) => a.localeCompare(b));
}

/**
 * `known` lists every value of the version (from the server, which may know rows not loaded yet); `rows` are the
 * loaded rows of every coverage. A known value seen in no loaded row stays under the current choice.
 */
export function filterOptions(
  known: Record<OptionKey, string[]>,
  rows: readonly Row[],
  coverage: string,
  coverages: readonly Coverage[],
): FilterOptions {
  const labelOf = new Map(coverages.map((c) => [c.key, c.label]));
  const result = { elsewhere: {} } as FilterOptions;
  for (const key of ["model", "organisation", "harness", "effort"] as const) {
    const here = new Set<string>();
    const other = new Map<string, string>();
    for (const row of rows) {
      const value = FIELD[key](row);
      if (!value) continue;
      if (row.coverage === coverage) here.add(value);
      else if (!other.has(value)) other.set(value, row.coverage);
    }
    for (const value of known[key]) if (!other.has(value)) here.add(value);
    result[key] = sorted(here);
    result.elsewhere[key] = sorted([...other.keys()].filter((v) => !here.has(v))).map((value) => ({
      value,
      coverage: other.get(value)!,
      coverageLabel: labelOf.get(other.get(value)!) ?? other.get(value)!,
    }));
  }
  return result;
}
