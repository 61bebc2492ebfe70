import { env } from "../../../lib/env";
import type { Judge } from "../../../lib/llm/judge";
import { modelPrice, priceUsage } from "../../../lib/llm/model-prices";
import { PREFILTER_VERSION } from "../../../lib/scoring/prefilter";
import { saveJudgeUsage } from "../../../lib/server/scoring/scoring-attempt-store";
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
  // The mean prompt of this submission's pairs, measured once (the estimate follows estimatedCalls as it changes).
  let promptTokensPerCall: number | null | undefined;
  const estimateCost = (calls: number) => {
    promptTokensPerCall ??= meanPromptTokens(deps.judge, plan);
    return estimateJudgeCostUsd(deps.judge, calls, promptTokensPerCall);
  };
  const usage = usageRecorder({
    deps,
    benchmarkVersion: `${submission.benchmark.slug}@${submission.benchmark.version}`,
    comparedPairs: prefiltered.referenceCompared,
    keptPairs: prefiltered.referencePairs.length,
    runner,
    crossRun,
    estimatedCalls: () => estimatedCalls,
    estimatedCostUsd: () => estimateCost(estimatedCalls),
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
    /** Holds the submission for an admin's approval of the spend, with the usage so far and the estimate. */
    awaitApproval: async () => {
      await updateClaimed(claim, {
        scoringStatus: "awaiting_approval",
        scoringError: `Scoring needs up to ${estimatedCalls.toLocaleString("en-US")} judge calls, above the budget of ${allowed.toLocaleString("en-US")} per submission (JUDGE_CALL_BUDGET). An admin can approve the spend; scoring then continues.`,
      });
      await saveJudgeUsage(claim.submissionId, usage());
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
  estimatedCostUsd: () => number | null;
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
    batchCalls: runner.stats.batchCalls,
    cachedVerdicts: runner.stats.cached,
    inputTokens: runner.stats.inputTokens,
    cachedInputTokens: runner.stats.cachedInputTokens,
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
    estimatedCostUsd: input.estimatedCostUsd(),
  });
}

// Pairs whose prompts are measured for the estimate: evenly spread over the pairs to judge, enough for a stable mean
// (prompts differ only by the two reports) at a few milliseconds of tokenizing.
const ESTIMATE_SAMPLE = 64;

/** The mean prompt tokens of a sample of the pairs to judge (any pair when all are cached); null when none. */
function meanPromptTokens(judge: Judge, plan: ReferencePlan): number | null {
  const pool = plan.uncached.length > 0 ? plan.uncached : [...plan.distinct.values()];
  if (judge.offline || pool.length === 0) return null;
  const step = Math.max(1, pool.length / ESTIMATE_SAMPLE);
  let tokens = 0;
  let sampled = 0;
  for (let k = 0; k < pool.length && sampled < ESTIMATE_SAMPLE; k += step, sampled++) {
    const request = plan.refRequest(pool[Math.floor(k)]!);
    tokens += judge.promptTokens(request.left, request.right);
  }
  return tokens / sampled;
}

/**
 * Dollars `calls` judge calls cost at most, for the admin's approval: calls x (`promptTokensPerCall` + LLM_REPLY_TOKENS,
 * the reply allowance before any reply is seen) at the model's price, none of it cached. 0 for the offline judge;
 * null when the model has no price or no pair is known.
 */
function estimateJudgeCostUsd(judge: Judge, calls: number, promptTokensPerCall: number | null): number | null {
  if (judge.offline || calls === 0) return 0;
  const price = modelPrice(judge.model);
  if (!price || promptTokensPerCall === null) return null;
  return priceUsage(price, {
    inputTokens: Math.round(calls * promptTokensPerCall),
    cachedInputTokens: 0,
    outputTokens: calls * env.LLM_REPLY_TOKENS,
  });
}
