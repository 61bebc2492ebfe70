import { db } from "../../../lib/db";
import { PREFILTER_VERSION } from "../../../lib/scoring/prefilter";
import { PAPER_THRESHOLDS } from "../../../lib/scoring/thresholds";
import { JudgeRunner } from "../../shared/judge/judge-runner";
import { updateClaimed, type Claim } from "./claim-submission";
import type { embedAndPrefilter } from "./embed-and-prefilter";
import type { ReferencePlan } from "./judge-reference-pairs";
import type { CrossRunFigures } from "./merge-runs";
import type { ScoringDeps, ScoringInput } from "./scoring-types";

/**
 * The attempt's judge, its budget and its usage record. Bounds before cost, per phase (docs/file-formats.md). Before
 * any call: the reference phase costs exactly its uncached pairs, and the whole submission at most that plus every
 * cross-run candidate (no verdict known yet can rule one out). When the reference phase alone is above the budget,
 * scoring waits for an admin with that whole bound; else the reference phase runs, and the cross-run phase is bounded
 * again, tighter, before its first call (mergeRuns).
 */
export function judgeBudget(input: {
  claim: Claim;
  deps: ScoringDeps;
  submission: ScoringInput["submission"];
  plan: ReferencePlan;
  prefiltered: Awaited<ReturnType<typeof embedAndPrefilter>>;
}) {
  const { claim, deps, submission, plan, prefiltered } = input;
  let estimatedCalls = plan.uncached.length + prefiltered.crossPairs.length;
  const allowed = Math.max(deps.budget, submission.approvedJudgeCalls ?? 0);
  const runner = new JudgeRunner(deps.judge, { malformedRetries: deps.malformedRetries });
  runner.stats.requested = plan.distinct.size;
  // Overridden pairs without a cached verdict are neither judged nor cached.
  runner.stats.cached = plan.distinct.size - plan.undecided.length;
  const crossRun: CrossRunFigures = {
    compared: prefiltered.crossCompared,
    kept: prefiltered.crossPairs.length,
    withinCompared: prefiltered.withinCompared,
    withinKept: prefiltered.withinKept,
    judged: 0,
    cached: 0,
    skipped: 0,
    bound: -1,
  };
  const usage = usageRecorder({
    deps,
    benchmarkVersion: `${submission.benchmark.slug}@${submission.benchmark.version}`,
    comparedPairs: prefiltered.referenceCompared,
    keptPairs: prefiltered.referencePairs.length,
    runner,
    crossRun,
    estimatedCalls: () => estimatedCalls,
  });
  return {
    runner,
    crossRun,
    usage,
    estimatedCalls: () => estimatedCalls,
    /** The reference phase alone is above the budget: nothing is judged before an approval. */
    referenceOverBudget: plan.uncached.length > allowed,
    /** Calls made so far plus the most the cross-run phase can make, now that the components known before it are. */
    allowCrossRunCalls: async (bound: number) => {
      estimatedCalls = runner.stats.calls + bound;
      return estimatedCalls <= allowed;
    },
    /** Holds the submission for an admin's approval of the spend, with the usage so far. */
    awaitApproval: async () => {
      await updateClaimed(claim, {
        scoringStatus: "awaiting_approval",
        scoringError: `Scoring needs up to ${estimatedCalls.toLocaleString("en-US")} judge calls, above the budget of ${allowed.toLocaleString("en-US")} per submission (JUDGE_CALL_BUDGET). An admin can approve the spend; scoring then continues.`,
      });
      await db.judgeUsage.upsert({
        where: { submissionId: claim.submissionId },
        create: { submissionId: claim.submissionId, ...usage() },
        update: usage(),
      });
    },
  };
}

/** The attempt's JudgeUsage row as it stands when written: models, thresholds, pairs, and the spend so far. */
function usageRecorder(input: {
  deps: ScoringDeps;
  benchmarkVersion: string;
  comparedPairs: number;
  keptPairs: number;
  runner: JudgeRunner;
  crossRun: CrossRunFigures;
  estimatedCalls: () => number;
}) {
  const { deps, runner, crossRun } = input;
  return () => ({
    judgeModel: deps.judge.model,
    offlineJudge: deps.judge.offline,
    promptVersion: deps.judge.promptVersion,
    embeddingProvider: deps.embedder.provider,
    embeddingModel: deps.embedder.model,
    thresholds: PAPER_THRESHOLDS,
    benchmarkVersion: input.benchmarkVersion,
    comparedPairs: input.comparedPairs,
    keptPairs: input.keptPairs,
    judgeCalls: runner.stats.calls,
    cachedVerdicts: runner.stats.cached,
    inputTokens: runner.stats.inputTokens,
    outputTokens: runner.stats.outputTokens,
    costUsd: runner.stats.costUsd,
    retries: runner.stats.retries,
    malformedReplies: runner.stats.malformedReplies,
    crossRunCompared: crossRun.compared,
    crossRunKept: crossRun.kept,
    crossRunJudged: crossRun.judged,
    crossRunCached: crossRun.cached,
    crossRunSkipped: crossRun.skipped,
    withinRunCompared: crossRun.withinCompared,
    withinRunKept: crossRun.withinKept,
    prefilterVersion: PREFILTER_VERSION,
    estimatedCalls: input.estimatedCalls(),
  });
}
