import { OpenAiJudge, type Judge } from "../../../lib/llm/judge";
import type { JudgeRunner } from "../../shared/judge/judge-runner";
import { requestKey, type JudgeRequest } from "../../shared/judge/verdict-cache";
import type { Claim } from "./claim-submission";
import { judgeBatchRound, readRecordedBatches, type BatchOptions } from "./judge-batches";
import type { Progress } from "./scoring-types";
import { createYielder } from "./yielder";

// Batch mode's second round (docs/scoring.md, "Batch mode"): the cross-run phase's duplicate candidates. Which of them
// the merge judges depends on the verdicts it gets (a "yes" connects findings, and later candidates between them are
// skipped), so the round holds every candidate the merge may judge: those counted by its bound (boundCrossRunCalls),
// uncached and not connected by what is known before the first call. The merge then runs exactly as on the direct
// path, a line's verdict standing for its call (mergeRuns): the same candidates judged and skipped, the same rows.
// Lines of candidates the merge skips are paid for and cached: the bound was 3-8% above the calls made at the paper's
// shapes (docs/performance.md), so the round costs 51-54% of the phase's direct price.

/** The candidates the merge may judge, as boundCrossRunCalls counts them, for batch mode; undefined when it is off. */
export function callableCollector(
  options: BatchOptions | undefined,
  judge: Judge,
  candidates: number,
): { add: (i: number) => void; indexes: () => Int32Array } | undefined {
  if (!options || !(judge instanceof OpenAiJudge)) return undefined;
  const indexes = new Int32Array(candidates);
  let count = 0;
  return { add: (i) => void (indexes[count++] = i), indexes: () => indexes.subarray(0, count) };
}

/**
 * Judges the callable candidates through the Batch API when at least minPairs of them (or this phase's recorded
 * batches) call for it. Returns each candidate's batch verdict (0 none, 1 "no", 2 "yes"), or undefined when no round
 * ran; a candidate without one (failed, expired or malformed line) is judged directly by the merge.
 */
export async function judgeCrossRunBatches(input: {
  claim: Claim;
  judge: Judge;
  runner: JudgeRunner;
  options: BatchOptions | undefined;
  progress: Progress;
  candidates: number;
  callable: Int32Array;
  request: (i: number) => JudgeRequest;
}): Promise<Uint8Array | undefined> {
  const { claim, judge, runner, options, callable, request } = input;
  if (!options || !(judge instanceof OpenAiJudge)) return undefined;
  const recorded = await readRecordedBatches(claim.submissionId);
  // A reference round still recorded (none should be, its phase clears it) is not this phase's: judged directly.
  if (recorded && recorded.phase !== "cross-run") return undefined;
  if (!recorded && callable.length < options.minPairs) return undefined;

  // One line per verdict-cache key: candidates of identical texts (twins) take the verdict of the first one's line.
  const maybeYield = createYielder();
  const pending = new Map<string, number>();
  const twins: number[] = [];
  for (const i of callable) {
    const key = requestKey(request(i));
    const first = pending.get(key);
    if (first === undefined) pending.set(key, i);
    else twins.push(i, first);
    const pause = maybeYield();
    if (pause) await pause;
  }
  const verdicts = new Uint8Array(input.candidates);
  await judgeBatchRound({
    claim,
    round: {
      phase: "cross-run",
      pending,
      request,
      onVerdict: (i, match) => void (verdicts[i] = match ? 2 : 1),
      progress: [70, 90],
      noun: "duplicate candidates",
    },
    recorded,
    runner,
    judge,
    options,
    progress: input.progress,
  });
  for (let k = 0; k < twins.length; k += 2) verdicts[twins[k]!] = verdicts[twins[k + 1]!]!;
  return verdicts;
}
