import "server-only";
import { db } from "../../db";
import { categoryOverlap } from "../../analyses/category-overlap";
import type { z } from "zod";
import type { repeatedRunsSchema } from "../../contracts/analyses";

// Figure 7 of a repeated entry: per bug type, the overlap of its runs with one another against their recall of the
// reference set, from the current scoring attempt's matches and the benchmark's own categories of the reference bugs.

/** The `category_overlap` of GET /api/v1/submissions/{id}/runs, which the submission page charts too. */
export type CategoryOverlapView = NonNullable<z.input<typeof repeatedRunsSchema>["category_overlap"]>;

/** The submission as its reader already loaded it: runs in order, the current scoring attempt. */
export type OverlapSubmission = {
  id: string;
  benchmarkId: string;
  scoredAt: Date | null;
  scoringAttemptId: string;
  runs: readonly { id: string }[];
};

/** Null for one run or an unscored submission. */
export async function readCategoryOverlap(submission: OverlapSubmission): Promise<CategoryOverlapView | null> {
  const submissionId = submission.id;
  if (submission.runs.length < 2 || !submission.scoredAt) return null;
  const [references, matches] = await Promise.all([
    db.referenceBug.findMany({
      where: { repository: { benchmarkId: submission.benchmarkId } },
      select: { id: true, category: true },
    }),
    db.match.findMany({
      where: { attemptId: submission.scoringAttemptId, finding: { run: { submissionId } } },
      select: { referenceBugId: true, finding: { select: { runId: true } } },
    }),
  ]);
  const categoryOf = new Map<string, string>();
  let uncategorised = 0;
  for (const r of references) {
    const category = r.category?.trim();
    if (category) categoryOf.set(r.id, category);
    else uncategorised += 1;
  }
  const position = new Map(submission.runs.map((run, i) => [run.id, i]));
  const found = submission.runs.map(() => new Set<string>());
  for (const m of matches) found[position.get(m.finding.runId)!]!.add(m.referenceBugId);
  const { rows, medianRatio } = categoryOverlap(found, categoryOf);
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
