import { referenceSharedEdges } from "../../../lib/scoring/cross-run";
import { PermanentJobError } from "../../jobs/job-failure";
import type { Claim } from "./claim-submission";
import { computeScores } from "./compute-scores";
import { deriveRunMatches } from "./derive-run-matches";
import { embedAndPrefilter } from "./embed-and-prefilter";
import { judgeBudget } from "./judge-budget";
import { judgeReferenceBatches, judgeReferencePairs, planReferenceJudging } from "./judge-reference-pairs";
import { loadScoringInput } from "./load-scoring-input";
import { mergeRuns } from "./merge-runs";
import { orderedProgress } from "./scoring-progress";
import type { ScoringDeps, ScoringSummary, Timings } from "./scoring-types";
import { deleteOtherAttempts } from "../../../lib/server/scoring/scoring-attempt-store";
import { writeScoredAttempt } from "./write-scored-attempt";
import { createYielder } from "./yielder";

export type { ScoringDeps, ScoringSummary } from "./scoring-types";

/** Pairs were left undecided (the judge's replies stayed malformed): the submission fails with their count. */
export function undecidedPairsError(count: number): PermanentJobError {
  return new PermanentJobError(
    `${count} candidate pair(s) stayed undecided: the judge model's replies were not the required {match, rationale} JSON after retries. Every other verdict is stored; rescoring asks only for these.`,
  );
}

/**
 * Scores a claimed submission end to end, in phases: load, embed and prefilter (per run and across runs, in the
 * prefilter thread), plan the reference judging (verdict cache, overrides), the budget check, judge the kept reference
 * pairs (bounded concurrency, cached verdicts reused), many-to-many matches, merge runs (cross-run components),
 * per-run / mean / n-of-k scores, and write. Derived rows are written in batches under the claim's attempt and
 * switched to in one short fenced transaction; a rescore with a warm cache calls no LLM.
 */
export async function scoreSubmission(claim: Claim, deps: ScoringDeps): Promise<ScoringSummary> {
  const started = Date.now();
  const timings: Timings = { loadMs: 0, embedMs: 0, prefilterMs: 0, judgeMs: 0, crossRunMs: 0, writeMs: 0, totalMs: 0 };
  const progress = orderedProgress(claim, deps.onProgress);
  // Rows of attempts that died (killed worker, lost claim) are removed before this attempt writes its own.
  await deleteOtherAttempts(claim.submissionId, claim.attemptId);

  let t = Date.now();
  const input = await loadScoringInput(claim.submissionId, deps.embedder);
  const { reference, runs } = input;
  timings.loadMs = Date.now() - t;
  const findings = runs.flatMap((run) => run.findings);
  const findingIndex = new Map(findings.map((f, i) => [f.id, i]));

  const prefiltered = await embedAndPrefilter(reference, runs, deps.embedder, timings, progress);
  const refPairs = prefiltered.referencePairs;
  const maybeYield = createYielder();
  await progress(25);
  const plan = await planReferenceJudging(findings, reference, refPairs, deps.judge, maybeYield);

  const budget = judgeBudget({ claim, deps, submission: input.submission, plan, prefiltered });
  const { runner } = budget;
  const summary = (outcome: ScoringSummary["outcome"]): ScoringSummary => {
    timings.totalMs = Date.now() - started;
    const { referenceCompared: comparedPairs } = prefiltered;
    const judge = runner.stats;
    return {
      outcome,
      comparedPairs,
      keptPairs: refPairs.length,
      estimatedCalls: budget.estimatedCalls(),
      judge,
      crossRun: budget.crossRun,
      timings,
    };
  };
  if (budget.referenceOverBudget) {
    await budget.awaitApproval();
    return summary("awaiting_approval");
  }

  t = Date.now();
  // Batch mode first (judge-batches.ts): what its batches leave uncached is judged directly, as without it.
  await judgeReferenceBatches({ claim, plan, runner, judge: deps.judge, options: deps.batch, progress });
  await judgeReferencePairs(plan, runner, deps, progress);
  timings.judgeMs = Date.now() - t;
  await progress(70);
  const matches = await deriveRunMatches(runs, findings, reference, refPairs, plan, maybeYield);

  t = Date.now();
  const merged = await mergeRuns({
    claim,
    findings,
    findingIndex,
    sharedEdges: referenceSharedEdges(matches),
    crossPairs: prefiltered.crossPairs,
    judge: deps.judge,
    runner,
    concurrency: deps.concurrency,
    figures: budget.crossRun,
    allowCalls: budget.allowCrossRunCalls,
    batch: deps.batch,
    progress,
    onProgress: (done, total) => progress(70 + Math.floor((20 * done) / Math.max(total, 1))),
  });
  await runner.flush();
  if (merged.stopped) {
    await budget.awaitApproval();
    return summary("awaiting_approval");
  }
  timings.crossRunMs = Date.now() - t;
  if (runner.stats.undecided > 0) throw undecidedPairsError(runner.stats.undecided);

  const scores = await computeScores(input, findings, findingIndex, matches, merged.set, maybeYield);
  t = Date.now();
  await writeScoredAttempt({
    claim,
    runs,
    findings,
    reference,
    refPairs,
    plan,
    matches,
    merged,
    scores,
    usage: budget.usage,
    progress,
    maybeYield,
  });
  timings.writeMs = Date.now() - t;
  return { ...summary("scored"), overall: scores.mean.overall };
}
