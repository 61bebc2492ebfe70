import "server-only";
import type { z } from "zod";
import type { repeatedRunsSchema } from "../../contracts/repeated-runs";
import { db } from "../../db";
import { categoryOverlap, distinctFindingOverlap, groupCategory } from "../../analyses/category-overlap";
import type { AgentPool } from "../../attribution/agent-pool";
import { labellerKey } from "../../attribution/labeller";
import { chooseLabeller } from "../attribution/choose-labeller";
import type { RunMatches } from "./run-matches";
import type { CheckedRunGroups } from "./subset-curves";

// Figure 7 of a repeated entry over every distinct finding, matched or not ("comparing recall within each type"): the
// groups of all runs that Figure 9's subset curves rebuild, each typed by its findings' most frequent label from the
// version's Figure 6 labeller (one classifier configuration, docs/analyses.md), against the runs' recall of the
// reference bugs of each type, labelled by the same configuration where it labelled every reference bug, else by the
// benchmark's own categories (said so).

/** The `category_overlap_distinct` of GET /api/v1/submissions/{id}/runs, which the submission page shows too. */
export type DistinctOverlapView = NonNullable<z.input<typeof repeatedRunsSchema>["category_overlap_distinct"]>;

// The labeller of Figure 6 over every run: every configuration, whatever its harness or source.
const EVERY_CONFIGURATION: AgentPool = { harness: "all", source: "all" };

/** Null for one run or an unscored submission. */
export async function readDistinctFindingOverlap(
  submission: { id: string; benchmarkId: string; runs: readonly unknown[] },
  runGroups: Promise<CheckedRunGroups | null>,
  runMatches: Promise<RunMatches | null>,
): Promise<DistinctOverlapView | null> {
  const [checked, matches] = await Promise.all([runGroups, runMatches]);
  if (checked === null || matches === null) return null;
  const k = submission.runs.length;
  const empty = { labeller: null, same_labeller: false, unlabelled_groups: 0, median_ratio: null, categories: [] };
  if ("reason" in checked) return { ...empty, unavailable_reason: `Not computed: ${checked.reason}.` };
  const benchmark = await db.benchmark.findUniqueOrThrow({
    where: { id: submission.benchmarkId },
    select: { taxonomy: true },
  });
  const { selection } = await chooseLabeller(submission.benchmarkId, benchmark.taxonomy, EVERY_CONFIGURATION, {
    allRuns: true,
  });
  const labeller = selection.labeller;
  if (!labeller)
    return {
      ...empty,
      unavailable_reason:
        "No classifier configuration has labelled findings of this version yet: the distinct findings have no type.",
    };
  const [findingLabels, referenceLabels] = await Promise.all([
    db.$queryRaw<{ id: string; category: string }[]>`
      SELECT a."subjectId" AS id, a.category
      FROM "BugTypeAttribution" a
      JOIN "Finding" f ON f.id = a."subjectId"
      JOIN "Run" r ON r.id = f."runId"
      WHERE r."submissionId" = ${submission.id} AND a."subjectKind" = 'finding' AND a.source = 'llm'
        AND a.model = ${labeller.model} AND a."promptHash" = ${labeller.promptHash}
        AND a."taxonomyHash" = ${labeller.taxonomyHash} AND a.category IS NOT NULL`,
    selection.sameLabeller
      ? db.$queryRaw<{ id: string; category: string }[]>`
          SELECT a."subjectId" AS id, a.category
          FROM "BugTypeAttribution" a
          JOIN "ReferenceBug" x ON x.id = a."subjectId"
          JOIN "Repository" repo ON repo.id = x."repositoryId" AND repo."benchmarkId" = ${submission.benchmarkId}
          WHERE a."subjectKind" = 'reference' AND a.source = 'llm' AND a.model = ${labeller.model}
            AND a."promptHash" = ${labeller.promptHash} AND a."taxonomyHash" = ${labeller.taxonomyHash}
            AND a.category IS NOT NULL`
      : Promise.resolve(null),
  ]);
  const labelOf = new Map(findingLabels.map((l) => [l.id, l.category]));
  const categoryOf = referenceLabels
    ? new Map(referenceLabels.map((l) => [l.id, l.category]))
    : new Map(matches.references.flatMap((r) => (r.category ? [[r.id, r.category] as [string, string]] : [])));
  const recall = new Map(categoryOverlap(matches.found, categoryOf).rows.map((r) => [r.category, r.referenceRecall]));
  const result = distinctFindingOverlap(
    checked.groups.map((g) => ({ runs: g.runs, category: groupCategory(g.findingIds, labelOf) })),
    k,
    recall,
  );
  return {
    labeller: labellerKey(labeller),
    same_labeller: selection.sameLabeller,
    unavailable_reason: null,
    unlabelled_groups: result.unlabelled,
    median_ratio: result.medianRatio,
    categories: result.rows.map((r) => ({
      category: r.category,
      distinct_findings: r.groups,
      run_overlap: r.runOverlap,
      pairs: r.pairs,
      reference_recall: r.referenceRecall,
      ratio: r.ratio,
    })),
  };
}
