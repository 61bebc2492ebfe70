import "server-only";
import { db } from "../../db";
import { categoryOverlap } from "../../analyses/category-overlap";

// Figure 7 of a repeated entry: per bug type, the overlap of its runs with one another against their recall of the
// reference set, from the current scoring attempt's matches and the benchmark's own categories of the reference bugs.

export type CategoryOverlapView = {
  median_ratio: number | null;
  /** Reference bugs without a category, left out of every row. */
  uncategorised_reference_bugs: number;
  categories: {
    category: string;
    reference_bugs: number;
    mean_found: number;
    reference_recall: number;
    run_overlap: number | null;
    pairs: number;
    ratio: number | null;
  }[];
};

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
