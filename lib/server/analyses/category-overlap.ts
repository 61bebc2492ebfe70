import { categoryOverlap } from "../../analyses/category-overlap";
import type { RunMatches } from "./run-matches";
import type { z } from "zod";
import type { repeatedRunsSchema } from "../../contracts/repeated-runs";

// Figure 7 of a repeated entry: per bug type, the overlap of its runs with one another against their recall of the
// reference set, from the current scoring attempt's matches and the benchmark's own categories of the reference bugs.

/** The `category_overlap` of GET /api/v1/submissions/{id}/runs, which the submission page charts too. */
export type CategoryOverlapView = NonNullable<z.input<typeof repeatedRunsSchema>["category_overlap"]>;

/** Null where there are no run matches (one run, not scored). */
export function categoryOverlapView(matches: RunMatches | null): CategoryOverlapView | null {
  if (!matches) return null;
  const categoryOf = new Map<string, string>();
  let uncategorised = 0;
  for (const r of matches.references) {
    if (r.category) categoryOf.set(r.id, r.category);
    else uncategorised += 1;
  }
  const { rows, medianRatio } = categoryOverlap(matches.found, categoryOf);
  return {
    median_ratio: medianRatio,
    uncategorised_reference_bugs: uncategorised,
    categories: rows.map((r) => ({
      category: r.category,
      reference_bugs: r.referenceBugs,
      mean_found: r.meanFound,
      reference_recall: r.referenceRecall,
      run_overlap: r.runOverlap,
      pairs: r.pairs,
      ratio: r.ratio,
    })),
  };
}
