import "server-only";
import type { z } from "zod";
import type { repeatedRunsSchema } from "../../contracts/repeated-runs";
import { db } from "../../db";
import {
  SUBSET_SEED,
  chooseRunSubsets,
  fullSetDifference,
  isPaperPrefix,
  subsetCurve,
  type RunGroup,
} from "../../analyses/subset-curves";
import { buildRunComponents } from "../../scoring/components";
import { referenceSharedEdges } from "../../scoring/cross-run";
import type { StoredScores } from "../submissions/read-scores";
import type { RunMatches, RunsSubmission } from "./run-matches";

// Figure 9's faint curves of a repeated entry, computed on read from what the current scoring attempt stored: the
// groups of all k runs are rebuilt with the scoring's own grouping (buildRunComponents over the edges of shared
// reference bugs and of the pairs decided to be duplicates), checked against the stored curve and spectrum, and
// restricted to each chosen subset of the runs (lib/analyses/subset-curves.ts). Only the pairs whose verdict is a
// match leave the database, read from the pair rows' own copy of the match through their index (at Luna's shape 28,535
// of 483,728 rows, in tens of milliseconds; joining every row to its verdict took over a second); findings come as
// (id, run) only, and the matches are those the runs' reader already holds (run-matches.ts).

/** The `subset_curves` of GET /api/v1/submissions/{id}/runs, which the submission page charts too. */
export type SubsetCurvesView = NonNullable<z.input<typeof repeatedRunsSchema>["subset_curves"]>;

/** A group of all k runs with the findings it merges (Figure 7 over distinct findings types it by their labels). */
type FoundGroup = RunGroup & { findingIds: readonly string[] };

type Rebuilt = { groups: FoundGroup[] } | { reason: string };

/** The groups of all runs of the current attempt, or why they cannot be rebuilt. Two queries, run with the matches'. */
async function rebuildRunGroups(submission: RunsSubmission, runMatches: Promise<RunMatches | null>): Promise<Rebuilt> {
  const submissionId = submission.id;
  const attemptId = submission.scoringAttemptId;
  const [findings, duplicates, matched] = await Promise.all([
    db.$queryRaw<{ id: string; runIndex: number }[]>`
      SELECT f.id, r.index AS "runIndex"
      FROM "Finding" f JOIN "Run" r ON r.id = f."runId"
      WHERE r."submissionId" = ${submissionId}`,
    // Decided pairs whose verdict is a match, and those without a match stored (the groups cannot be rebuilt): two
    // ranges of the (submission, attempt, match) index.
    db.$queryRaw<{ leftId: string; rightId: string; lost: boolean }[]>`
      SELECT p."leftId", p."rightId", p.match IS NULL AS lost
      FROM "CrossRunPair" p
      WHERE p."submissionId" = ${submissionId} AND p."attemptId" = ${attemptId} AND p.decision <> 'skipped'
        AND (p.match OR p.match IS NULL)`,
    runMatches,
  ]);
  if (matched === null) return { reason: "the matches of the runs could not be read" };
  const { matches } = matched;
  const lost = duplicates.filter((p) => p.lost).length;
  if (lost > 0) return { reason: `${lost} stored pair decision(s) have no verdict` };
  const edges: [string, string][] = referenceSharedEdges(matches);
  for (const pair of duplicates) edges.push([pair.leftId, pair.rightId]);
  const { components, componentOf } = buildRunComponents({ findings, sameRootCauseEdges: edges });
  const references = components.map(() => [] as string[]);
  for (const match of matches) references[componentOf.get(match.findingId)!]!.push(match.referenceId);
  return {
    groups: components.map((c) => ({ runs: c.runs, references: references[c.id]!, findingIds: c.findingIds })),
  };
}

/** The groups of all runs, checked against the stored curve and spectrum, or why there are none to use. */
export type CheckedRunGroups = { groups: FoundGroup[]; referenceBugs: number } | { reason: string };

/**
 * The rebuilt groups of all k runs once they reproduce the stored curve and spectrum of all runs: what Figure 9's
 * subset curves and §4.3's share reported by another run read. Null for one run or an unscored submission. The
 * matches come from the runs' reader (run-matches.ts).
 */
export async function readRunGroups(
  submission: RunsSubmission,
  stored: Pick<StoredScores, "curves" | "spectrum">,
  runMatches: Promise<RunMatches | null>,
): Promise<CheckedRunGroups | null> {
  const k = submission.runs.length;
  if (k < 2 || !submission.scoredAt) return null;
  const referenceBugs = stored.curves[0]?.reference_bugs ?? null;
  if (referenceBugs === null) return { reason: "No curve of all runs is stored." };
  const rebuilt = await rebuildRunGroups(submission, runMatches);
  const difference =
    "reason" in rebuilt
      ? rebuilt.reason
      : fullSetDifference(rebuilt.groups, k, referenceBugs, { curve: stored.curves, spectrum: stored.spectrum });
  if (difference !== null || "reason" in rebuilt)
    return {
      reason: `the groups rebuilt from the stored pair decisions do not reproduce the stored curve of all ${k} runs (${difference}); scoring the submission again stores them anew`,
    };
  return { groups: rebuilt.groups, referenceBugs };
}

/** Null for one run or an unscored submission. The groups come from readRunGroups. */
export async function readSubsetCurves(
  submission: RunsSubmission,
  runGroups: Promise<CheckedRunGroups | null>,
): Promise<SubsetCurvesView | null> {
  const k = submission.runs.length;
  if (k < 2 || !submission.scoredAt) return null;
  const { subsets, sampled } = chooseRunSubsets(k);
  const base = { runs: k, sampled, seed: SUBSET_SEED };
  const unavailable = (reason: string): SubsetCurvesView => ({ ...base, unavailable_reason: reason, subsets: [] });
  if (subsets.length === 0) return unavailable("Two runs have no subset between one run and both.");
  const checked = await runGroups;
  if (checked === null) return null;
  if ("reason" in checked)
    return unavailable(checked.reason.startsWith("the groups") ? `Not drawn: ${checked.reason}.` : checked.reason);
  return {
    ...base,
    unavailable_reason: null,
    subsets: subsets.map((runs) => ({
      runs,
      paper_prefix: isPaperPrefix(runs),
      points: subsetCurve(checked.groups, runs, checked.referenceBugs),
    })),
  };
}
