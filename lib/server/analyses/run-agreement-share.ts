import "server-only";
import type { z } from "zod";
import type { repeatedRunsSchema } from "../../contracts/repeated-runs";
import { db } from "../../db";
import { runAgreementShare, RUN_AGREEMENT_DRAWS, RUN_AGREEMENT_SEED } from "../../analyses/run-agreement-share";
import { publicSubmissionSql } from "../public-reads/public-submission";
import type { RunMatches, RunsSubmission } from "./run-matches";

// Figure 8 of a repeated entry: the share of reference bugs other models find, by how many of its runs (the last
// held out) find the bug, beside the held-out run and a category-matched random baseline. The other configurations
// are the other models' public verified entries of the version, whatever their effort or harness, each by its first
// run (the paper's single-run configurations), on every repository (a verified entry is scored on all); entries of
// the same model at another effort or harness are left out and counted, as the paper compares Luna with other models.

/** The `run_agreement` of GET /api/v1/submissions/{id}/runs, which the submission page charts too. */
export type RunAgreementView = NonNullable<z.input<typeof repeatedRunsSchema>["run_agreement"]>;

type OtherEntry = { submission_id: string; model: string; reasoning_effort: string | null; harness: string };

/** One model: names compared without case and surrounding space. */
const sameModel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The reference bugs each other public verified entry's first run matched (none: an empty set), split into the other
 * models' entries, averaged, and the same model's (other efforts, harnesses or submissions), counted and left out:
 * Figure 8 compares the Luna runs with other models. One query.
 */
async function readOtherConfigurations(
  submission: RunsSubmission,
): Promise<{ entries: OtherEntry[]; found: Set<string>[]; sameModel: number }> {
  const rows = await db.$queryRaw<
    { submission: string; model: string; effort: string | null; harness: string; own: string; bug: string | null }[]
  >`
    SELECT s.id AS submission, s.model, s."reasoningEffort" AS effort, s.harness, own.model AS own,
      m."referenceBugId" AS bug
    FROM "Submission" s
    JOIN "Submission" own ON own.id = ${submission.id}
    JOIN "Run" r ON r."submissionId" = s.id AND r.index = 0
    LEFT JOIN "Finding" f ON f."runId" = r.id
    LEFT JOIN "Match" m ON m."findingId" = f.id AND m."attemptId" = s."scoringAttemptId"
    WHERE s."benchmarkId" = ${submission.benchmarkId} AND ${publicSubmissionSql("s")}
      AND s.source <> 'reported' AND s.id <> ${submission.id}
    GROUP BY 1, 2, 3, 4, 5, 6`;
  const found = new Map<string, Set<string>>();
  const entries = new Map<string, OtherEntry>();
  const same = new Set<string>();
  for (const row of rows) {
    if (sameModel(row.model, row.own)) {
      same.add(row.submission);
      continue;
    }
    const set = found.get(row.submission) ?? new Set<string>();
    if (row.bug) set.add(row.bug);
    found.set(row.submission, set);
    entries.set(row.submission, {
      submission_id: row.submission,
      model: row.model,
      reasoning_effort: row.effort,
      harness: row.harness,
    });
  }
  const ids = [...found.keys()].sort();
  return { entries: ids.map((id) => entries.get(id)!), found: ids.map((id) => found.get(id)!), sameModel: same.size };
}

/** Null where there are no run matches (one run, not scored). */
export async function readRunAgreement(
  submission: RunsSubmission,
  runMatches: Promise<RunMatches | null>,
): Promise<RunAgreementView | null> {
  const k = submission.runs.length;
  const [matches, others] = await Promise.all([
    runMatches,
    submission.scoredAt ? readOtherConfigurations(submission) : { entries: [], found: [], sameModel: 0 },
  ]);
  if (!matches) return null;
  const base = {
    runs: k,
    configurations: others.found.length,
    other_entries: others.entries,
    same_model_entries: others.sameModel,
    draws: RUN_AGREEMENT_DRAWS,
    seed: RUN_AGREEMENT_SEED,
  };
  if (k < 3)
    return {
      ...base,
      held_out_run: null,
      no_data_reason: `Needs at least three runs: the last is held out and at least two condition (this entry has ${k}).`,
      buckets: [],
    };
  const result = runAgreementShare(
    matches.references.map((r) => ({ id: r.id, category: r.category, repository: r.repositoryId })),
    matches.found,
    others.found.map((found) => ({ found, repositories: null })),
  );
  return {
    ...base,
    held_out_run: result.heldOutRun,
    no_data_reason: null,
    buckets: result.buckets.map(({ x, bugs, uncategorised, configurations, othersShare, heldOutShare, baseline }) => ({
      runs_finding: x,
      reference_bugs: bugs,
      uncategorised_reference_bugs: uncategorised,
      configurations,
      others_share: othersShare,
      held_out_share: heldOutShare,
      baseline_mean: baseline?.mean ?? null,
      baseline_low: baseline?.low ?? null,
      baseline_high: baseline?.high ?? null,
    })),
  };
}
