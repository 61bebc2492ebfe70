import { ROWS_PER_QUERY } from "../../shared/rows-per-query";
import pMap from "p-map";
import { OpenAiJudge, type Judge } from "../../../lib/llm/judge";
import { matchKey } from "../../../lib/scoring/matches";
import { listMatchOverrides } from "../../../lib/server/scoring/scoring-input-store";
import type { JudgeRunner } from "../../shared/judge/judge-runner";
import {
  pairRequest,
  readCachedVerdicts,
  requestKey,
  type JudgeRequest,
  type Verdict,
} from "../../shared/judge/verdict-cache";
import type { Claim } from "./claim-submission";
import { judgeBatchRound, readRecordedBatches, type BatchOptions, type BatchRound } from "./judge-batches";
import type { LoadedFinding, ReferenceSide } from "./load-scoring-input";
import { type Progress, type ReferencePairs, type ScoringDeps, type Yield } from "./scoring-types";

// The reference phase's judging: plan (requests, the verdict cache, overrides), then judge what is left (through the
// Batch API first in batch mode, judge-batches.ts).

type Override = { findingHash: string; referenceHash: string; match: boolean };
export type ReferencePlan = Awaited<ReturnType<typeof planReferenceJudging>>;

/**
 * The reference phase's requests, what the verdict cache already answers, and the pairs left to judge. One request per
 * distinct (finding text, reference text, config); a maintainer's override decides its pair, so it is never judged.
 */
export async function planReferenceJudging(
  findings: LoadedFinding[],
  reference: ReferenceSide,
  refPairs: ReferencePairs,
  judge: Judge,
  maybeYield: Yield,
) {
  const refRequest = (i: number): JudgeRequest => {
    const finding = findings[refPairs.left[i]!]!;
    const ref = reference.refs[refPairs.right[i]!]!;
    return pairRequest(
      judge,
      { hash: finding.hash, text: finding.judgeText },
      { hash: ref.hash, text: ref.judgeText },
      refPairs.signalsAt(i),
    );
  };
  const refKeys: string[] = new Array(refPairs.length);
  const distinct = new Map<string, number>();
  for (let i = 0; i < refPairs.length; i++) {
    const request = refRequest(i);
    refKeys[i] = requestKey(request);
    if (!distinct.has(refKeys[i]!)) distinct.set(refKeys[i]!, i);
    if (i % 1_000 === 0) await maybeYield();
  }
  const refVerdicts = new Map<string, Verdict>();
  const distinctIndexes = [...distinct.values()];
  for (let k = 0; k < distinctIndexes.length; k += ROWS_PER_QUERY) {
    for (const [key, verdict] of await readCachedVerdicts(
      distinctIndexes.slice(k, k + ROWS_PER_QUERY).map(refRequest),
      judge,
    ))
      refVerdicts.set(key, verdict);
  }
  // A maintainer's override decides its pair (lib/scoring/matches.ts), so the judge is never asked about it. Read
  // A batch of hashes at a time: one query with tens of thousands of parameters held the event loop while the client
  // compiled it.
  const findingHashes = [...new Set(findings.map((f) => f.hash))];
  const overrides: Override[] = [];
  for (let k = 0; k < findingHashes.length; k += ROWS_PER_QUERY) {
    const rows = await listMatchOverrides(findingHashes.slice(k, k + ROWS_PER_QUERY));
    for (const o of rows)
      overrides.push({ findingHash: o.findingContentHash, referenceHash: o.referenceHash, match: o.match });
  }
  const overridden = new Set(overrides.map((o) => matchKey(o.findingHash, o.referenceHash)));
  const isOverridden = (i: number) =>
    overridden.has(matchKey(findings[refPairs.left[i]!]!.hash, reference.refs[refPairs.right[i]!]!.hash));
  const undecided: number[] = [];
  const uncached: number[] = [];
  for (const [k, i] of distinctIndexes.entries()) {
    if (!refVerdicts.has(refKeys[i]!)) {
      undecided.push(i);
      if (!isOverridden(i)) uncached.push(i);
    }
    if (k % 1_000 === 0) await maybeYield();
  }
  return { refRequest, refKeys, distinct, refVerdicts, overrides, undecided, uncached };
}

/** The judge on the reference phase's uncached pairs (bounded concurrency), then their verdict ids for the pair rows. */
export async function judgeReferencePairs(
  plan: ReferencePlan,
  runner: JudgeRunner,
  deps: ScoringDeps,
  progress: Progress,
): Promise<void> {
  const { uncached, refRequest, refVerdicts } = plan;
  let judged = 0;
  await pMap(
    uncached,
    async (i) => {
      const request = refRequest(i);
      await runner.decide(request);
      judged++;
      if (judged % 500 === 0) await progress(25 + Math.floor((45 * judged) / Math.max(uncached.length, 1)));
    },
    { concurrency: deps.concurrency },
  );
  await runner.flush();
  // Verdict ids of everything judged now, for the pair rows (a verdict another worker stored first is the one kept).
  for (let k = 0; k < uncached.length; k += ROWS_PER_QUERY) {
    const judgedRequests = uncached.slice(k, k + ROWS_PER_QUERY).map(refRequest);
    for (const [key, verdict] of await readCachedVerdicts(judgedRequests, deps.judge)) refVerdicts.set(key, verdict);
  }
}

/**
 * Judges the plan's uncached pairs through the Batch API when batch mode applies (an LLM judge, at least minPairs
 * uncached pairs, or this phase's batches already recorded on the row), then drops from `plan.uncached` every pair
 * now cached. Returns the number of pairs answered through batches.
 */
export async function judgeReferenceBatches(input: {
  claim: Claim;
  plan: ReferencePlan;
  runner: JudgeRunner;
  judge: Judge;
  options: BatchOptions | undefined;
  progress: Progress;
}): Promise<number> {
  const { claim, plan, runner, judge, options, progress } = input;
  if (!options || !(judge instanceof OpenAiJudge)) return 0;
  const recorded = await readRecordedBatches(claim.submissionId);
  // The cross-run phase's batches (this attempt restarts a scoring that had reached it) are that phase's to poll; what
  // this phase has left uncached is then judged directly.
  if (recorded?.phase === "cross-run") return 0;
  if (!recorded && plan.uncached.length < options.minPairs) return 0;

  // The pairs a line may answer: those still uncached now (an earlier attempt may have stored some already).
  const pending = new Map<string, number>();
  for (const i of plan.uncached) pending.set(plan.refKeys[i]!, i);
  const round: BatchRound = {
    phase: "reference",
    pending,
    request: plan.refRequest,
    progress: [25, 70],
    noun: "pairs",
  };
  const answered = await judgeBatchRound({ claim, round, recorded, runner, judge, options, progress });

  // What is cached now is not judged again; the rest (failed, expired, malformed lines) goes to the direct path.
  const stillUncached: number[] = [];
  for (let k = 0; k < plan.uncached.length; k += ROWS_PER_QUERY) {
    const chunk = plan.uncached.slice(k, k + ROWS_PER_QUERY);
    const cached = await readCachedVerdicts(chunk.map(plan.refRequest), judge);
    for (const [key, verdict] of cached) plan.refVerdicts.set(key, verdict);
    for (const i of chunk) if (!cached.has(plan.refKeys[i]!)) stillUncached.push(i);
  }
  plan.uncached = stillUncached;
  return answered;
}
