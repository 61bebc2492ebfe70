import pMap from "p-map";
import { db } from "../../../lib/db";
import type { EmbeddingProvider } from "../../../lib/embeddings/provider";
import type { Judge } from "../../../lib/llm/judge";
import { computeRunCurves, componentsOfSet } from "../../../lib/scoring/components";
import { referenceSharedEdges } from "../../../lib/scoring/cross-run";
import { deriveMatches, matchKey, type DerivedMatch } from "../../../lib/scoring/matches";
import { computeScoreBreakdown, meanScoreBreakdown } from "../../../lib/scoring/metrics";
import { PREFILTER_VERSION } from "../../../lib/scoring/prefilter";
import {
  distinctFindingsByRun,
  frequencySpectrum,
  summarizeComponents,
  type SpectrumPoint,
} from "../../../lib/scoring/spectrum";
import { PAPER_THRESHOLDS } from "../../../lib/scoring/thresholds";
import type { ScoreBreakdown } from "../../../lib/scoring/types";
import { updateClaimed, type Claim } from "./claim-submission";
import { embedBugs } from "./embed-bugs";
import { JudgeRunner, type JudgeStats } from "../../shared/judge/judge-runner";
import {
  pairRequest,
  readCachedVerdicts,
  requestKey,
  type JudgeRequest,
  type Verdict,
} from "../../shared/judge/verdict-cache";
import { loadScoringInput, type LoadedFinding, type ReferenceSide } from "./load-scoring-input";
import { mergeRuns, type CrossRunFigures } from "./merge-runs";
import { breakdownRows, scoreRow } from "./score-rows";
import { prefilterInThread } from "./prefilter-client";
import { createYielder } from "./yielder";
import { PermanentJobError } from "../../jobs/job-failure";
import {
  deleteAttempt,
  deleteOtherAttempts,
  markScored,
  switchToAttempt,
  writeCandidatePairs,
  writeMatches,
} from "./write-attempt";

export type ScoringDeps = {
  judge: Judge;
  embedder: EmbeddingProvider;
  concurrency: number;
  /** Judge calls allowed without approval (JUDGE_CALL_BUDGET). */
  budget: number;
  malformedRetries: number;
  onProgress?: (percent: number) => Promise<void>;
};

export type ScoringSummary = {
  outcome: "scored" | "awaiting_approval";
  comparedPairs: number;
  keptPairs: number;
  estimatedCalls: number;
  judge: JudgeStats;
  crossRun: CrossRunFigures;
  timings: {
    loadMs: number;
    embedMs: number;
    prefilterMs: number;
    judgeMs: number;
    crossRunMs: number;
    writeMs: number;
    totalMs: number;
  };
  overall?: ScoreBreakdown["overall"];
};

/** Pairs were left undecided (the judge's replies stayed malformed): the submission fails with their count. */
export function undecidedPairsError(count: number): PermanentJobError {
  return new PermanentJobError(
    `${count} candidate pair(s) stayed undecided: the judge model's replies were not the required {match, rationale} JSON after retries. Every other verdict is stored; rescoring asks only for these.`,
  );
}

// Rows per cache read and per insert: one batch is built, serialised and sent in one turn of the event loop.
const WRITE_BATCH = 2_000;

/**
 * The findings' embeddings, then the prefilter in its thread. The vectors are not needed past it, and are not kept:
 * tens of thousands of them would stay reachable for the rest of a long scoring otherwise.
 */
async function embedAndPrefilter(
  reference: ReferenceSide,
  runs: { findings: LoadedFinding[] }[],
  embedder: EmbeddingProvider,
  timings: { embedMs: number; prefilterMs: number },
  progress: (percent: number) => Promise<void>,
) {
  let t = Date.now();
  const { maps } = await embedBugs(
    runs.flatMap((run) => run.findings),
    embedder,
  );
  timings.embedMs = Date.now() - t;
  await progress(10);
  t = Date.now();
  const result = await prefilterInThread({
    referenceKey: reference.key,
    reference: { bugs: reference.refs, embeddings: reference.embeddings },
    runs: runs.map((run) => run.findings),
    embeddings: maps,
    thresholds: PAPER_THRESHOLDS,
    onProgress: (done, total) =>
      void progress(10 + Math.floor((15 * done) / Math.max(total, 1))).catch(() => undefined),
  });
  timings.prefilterMs = Date.now() - t;
  return result;
}

type ScoringInput = Awaited<ReturnType<typeof loadScoringInput>>;
type Timings = ScoringSummary["timings"];
type Progress = (percent: number) => Promise<void>;
type Yield = ReturnType<typeof createYielder>;
type ReferencePairs = Awaited<ReturnType<typeof prefilterInThread>>["referencePairs"];
type Override = { findingHash: string; referenceHash: string; match: boolean };

/** Progress writes go out in order (the prefilter thread reports while the scoring loop awaits it). */
function orderedProgress(claim: Claim, onProgress: ScoringDeps["onProgress"]): Progress {
  let lastPercent = -1;
  let written: Promise<unknown> = Promise.resolve();
  return (percent: number): Promise<void> => {
    if (percent === lastPercent) return Promise.resolve();
    lastPercent = percent;
    const write = written.then(async () => {
      await updateClaimed(claim, { scoringProgress: percent });
      await onProgress?.(percent);
    });
    written = write.catch(() => undefined);
    return write;
  };
}

/**
 * The reference phase's requests, what the verdict cache already answers, and the pairs left to judge. One request per
 * distinct (finding text, reference text, config); a maintainer's override decides its pair, so it is never judged.
 */
async function planReferenceJudging(
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
  for (let k = 0; k < distinctIndexes.length; k += WRITE_BATCH) {
    for (const [key, verdict] of await readCachedVerdicts(
      distinctIndexes.slice(k, k + WRITE_BATCH).map(refRequest),
      judge,
    ))
      refVerdicts.set(key, verdict);
  }
  // A maintainer's override decides its pair (lib/scoring/matches.ts), so the judge is never asked about it. Read
  // 2,000 hashes at a time: one query with tens of thousands of parameters held the event loop while the client
  // compiled it.
  const findingHashes = [...new Set(findings.map((f) => f.hash))];
  const overrides: Override[] = [];
  for (let k = 0; k < findingHashes.length; k += 2_000) {
    const rows = await db.matchOverride.findMany({
      where: { findingContentHash: { in: findingHashes.slice(k, k + 2_000) } },
      select: { findingContentHash: true, referenceHash: true, match: true },
    });
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
async function judgeReferencePairs(
  plan: Awaited<ReturnType<typeof planReferenceJudging>>,
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
  for (let k = 0; k < uncached.length; k += WRITE_BATCH) {
    const judgedRequests = uncached.slice(k, k + WRITE_BATCH).map(refRequest);
    for (const [key, verdict] of await readCachedVerdicts(judgedRequests, deps.judge)) refVerdicts.set(key, verdict);
  }
}

/** Matches: the judge's verdicts with maintainer overrides applied (lib/scoring/matches.ts), one run at a time. */
async function deriveRunMatches(
  runs: ScoringInput["runs"],
  findings: LoadedFinding[],
  reference: ReferenceSide,
  refPairs: ReferencePairs,
  plan: Awaited<ReturnType<typeof planReferenceJudging>>,
  maybeYield: Yield,
): Promise<DerivedMatch[]> {
  const { refKeys, refVerdicts, overrides } = plan;
  // deriveMatches asks by (finding text, reference text); verdicts are also keyed by config.
  const byMatchKey = new Map<string, boolean>();
  const pairsByRun = runs.map(() => [] as number[]);
  for (let i = 0; i < refPairs.length; i++) {
    const finding = findings[refPairs.left[i]!]!;
    const verdict = refVerdicts.get(refKeys[i]!);
    if (verdict) byMatchKey.set(matchKey(finding.hash, reference.refs[refPairs.right[i]!]!.hash), verdict.match);
    pairsByRun[finding.runIndex]!.push(i);
    if (i % 5_000 === 0) await maybeYield();
  }
  // One run at a time (a run's pairs and overrides concern its own findings only), handing the loop back between.
  const matches: DerivedMatch[] = [];
  for (const [runIndex, run] of runs.entries()) {
    const runMatches = deriveMatches({
      pairs: pairsByRun[runIndex]!.map((i) => {
        const finding = findings[refPairs.left[i]!]!;
        const ref = reference.refs[refPairs.right[i]!]!;
        return { findingId: finding.id, referenceId: ref.id, findingHash: finding.hash, referenceHash: ref.hash };
      }),
      verdictOf: (key) => byMatchKey.get(key),
      overrides,
      findings: run.findings,
      references: reference.refs,
    });
    for (const m of runMatches) matches.push(m);
    await maybeYield();
  }
  return matches;
}

/** Scores: per run, the mean over runs, and the n-of-k curve over the cross-run components. */
async function computeScores(
  input: ScoringInput,
  findings: LoadedFinding[],
  findingIndex: Map<string, number>,
  matches: DerivedMatch[],
  set: Parameters<typeof componentsOfSet>[1],
  maybeYield: Yield,
) {
  const { submission, reference, runs } = input;
  const repositories = submission.benchmark.repositories.map((r) => ({ name: r.name, language: r.language }));
  const referenceBugs = reference.refs.map((r) => ({ id: r.id, repo: r.repo }));
  // Each step below is tens of milliseconds at the paper's largest shapes: the loop is handed back between them.
  const matchesByRun = runs.map(() => [] as DerivedMatch[]);
  for (const m of matches) matchesByRun[findings[findingIndex.get(m.findingId)!]!.runIndex]!.push(m);
  const runScores: ScoreBreakdown[] = [];
  for (const [index, run] of runs.entries()) {
    await maybeYield();
    runScores.push(
      computeScoreBreakdown({
        repositories,
        referenceBugs,
        findings: run.findings.map((f) => ({ id: f.id, repo: f.repo })),
        matches: matchesByRun[index]!,
      }),
    );
  }
  const mean = meanScoreBreakdown(runScores);
  // Repeated runs: the curve counts distinct findings (components), each run has its distinct-finding count next to
  // its reported findings, and the frequency spectrum with the accumulated union (§E.2, Table 22).
  let curves: ReturnType<typeof computeRunCurves> = [];
  let distinctByRun: { distinct: number; matched: number }[] = [];
  let spectrum: SpectrumPoint[] = [];
  if (runs.length > 1) {
    await maybeYield();
    const { components, componentOf } = componentsOfSet(findings, set);
    await maybeYield();
    curves = computeRunCurves({
      runCount: runs.length,
      components,
      componentOf,
      referenceBugCount: reference.refs.length,
      matches,
    });
    const summaries = summarizeComponents(components, componentOf, matches);
    distinctByRun = distinctFindingsByRun(runs.length, summaries);
    spectrum = frequencySpectrum(runs.length, summaries);
  }
  const meanOf = (pick: (d: { distinct: number; matched: number }) => number) =>
    distinctByRun.reduce((sum, d) => sum + pick(d), 0) / Math.max(distinctByRun.length, 1);
  const meanDistinct =
    distinctByRun.length > 0 ? { distinct: meanOf((d) => d.distinct), matched: meanOf((d) => d.matched) } : undefined;
  return { runScores, mean, curves, distinctByRun, spectrum, meanDistinct };
}

/**
 * Derived rows in batches under this attempt, then the switch in one short fenced transaction. An attempt that cannot
 * switch leaves nothing behind (best effort: the next claimant also clears it).
 */
async function writeAttempt(input: {
  claim: Claim;
  runs: ScoringInput["runs"];
  findings: LoadedFinding[];
  reference: ReferenceSide;
  refPairs: ReferencePairs;
  plan: Awaited<ReturnType<typeof planReferenceJudging>>;
  matches: DerivedMatch[];
  merged: Extract<Awaited<ReturnType<typeof mergeRuns>>, { stopped: false }>;
  scores: Awaited<ReturnType<typeof computeScores>>;
  usage: () => Parameters<typeof switchToAttempt>[2];
  progress: Progress;
  maybeYield: Yield;
}): Promise<void> {
  const { claim, runs, findings, reference, refPairs, matches, merged, progress, maybeYield } = input;
  const { refKeys, refVerdicts } = input.plan;
  const { runScores, mean, curves, distinctByRun, spectrum, meanDistinct } = input.scores;
  let switched = false;
  try {
    for (let start = 0; start < refPairs.length; start += WRITE_BATCH) {
      await maybeYield();
      const rows = [];
      for (let i = start; i < Math.min(refPairs.length, start + WRITE_BATCH); i++) {
        rows.push({
          attemptId: claim.attemptId,
          findingId: findings[refPairs.left[i]!]!.id,
          referenceBugId: reference.refs[refPairs.right[i]!]!.id,
          ...refPairs.signalsAt(i),
          verdictId: refVerdicts.get(refKeys[i]!)?.id ?? null,
        });
      }
      await writeCandidatePairs(rows);
    }
    await writeMatches(
      matches.map((m) => ({
        attemptId: claim.attemptId,
        findingId: m.findingId,
        referenceBugId: m.referenceId,
        source: m.source,
      })),
    );
    await merged.writeRows();
    await progress(95);
    const scoreRows = [
      ...runs.flatMap((run, i) => breakdownRows(claim.submissionId, run.id, "run", 0, runScores[i]!, distinctByRun[i])),
      ...breakdownRows(claim.submissionId, null, "mean", 0, mean, meanDistinct),
      ...curves.map((c) => scoreRow(claim.submissionId, null, "curve", c.n, "overall", "", c)),
    ];
    const spectrumRows = spectrum.map((p) => ({
      submissionId: claim.submissionId,
      n: p.n,
      exactlyMatched: p.exactly_matched,
      exactlyUnmatched: p.exactly_unmatched,
      unionMatched: p.union_matched,
      unionUnmatched: p.union_unmatched,
    }));
    const previous = await switchToAttempt(claim, scoreRows, input.usage(), spectrumRows);
    switched = true;
    if (previous !== claim.attemptId) await deleteAttempt(claim.submissionId, previous);
    await markScored(claim);
  } catch (error) {
    if (!switched) await deleteAttempt(claim.submissionId, claim.attemptId).catch(() => undefined);
    throw error;
  }
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

/**
 * Scores a claimed submission end to end, in phases: load, embed and prefilter (per run and across runs, in the
 * prefilter thread), the budget check, judge the kept reference pairs (bounded concurrency, cached verdicts reused),
 * many-to-many matches, merge runs (cross-run components), per-run / mean / n-of-k scores, and write. Derived rows are
 * written in batches under the claim's attempt and switched to in one short fenced transaction; a rescore with a warm
 * cache calls no LLM.
 */
export async function scoreSubmission(claim: Claim, deps: ScoringDeps): Promise<ScoringSummary> {
  const started = Date.now();
  const timings: Timings = { loadMs: 0, embedMs: 0, prefilterMs: 0, judgeMs: 0, crossRunMs: 0, writeMs: 0, totalMs: 0 };
  const progress = orderedProgress(claim, deps.onProgress);
  // Rows of attempts that died (killed worker, lost claim) are removed before this attempt writes its own.
  await deleteOtherAttempts(claim.submissionId, claim.attemptId);

  // Load.
  let t = Date.now();
  const input = await loadScoringInput(claim.submissionId, deps.embedder);
  const { submission, reference, runs } = input;
  timings.loadMs = Date.now() - t;
  const findings: LoadedFinding[] = runs.flatMap((run) => run.findings);
  const findingIndex = new Map(findings.map((f, i) => [f.id, i]));

  // Embed and prefilter. Each run against the reference set on its own (a run's score never depends on the other
  // runs), then, for several runs, each run against itself and each pair of runs for duplicate candidates (§A.4 merges
  // duplicates within and across runs): in the prefilter thread, which hands back compact buffers of kept pairs.
  const {
    referencePairs: refPairs,
    referenceCompared: comparedPairs,
    crossPairs,
    crossCompared,
    withinCompared,
    withinKept,
  } = await embedAndPrefilter(reference, runs, deps.embedder, timings, progress);
  const maybeYield = createYielder();
  await progress(25);
  const plan = await planReferenceJudging(findings, reference, refPairs, deps.judge, maybeYield);

  // Bounds before cost, per phase (docs/file-formats.md). Before any call: the reference phase costs exactly its uncached
  // pairs, and the whole submission at most that plus every cross-run candidate (no verdict known yet can rule one
  // out). When the reference phase alone is above the budget, scoring waits for an admin with that whole bound; else
  // the reference phase runs, and the cross-run phase is bounded again, tighter, before its first call (mergeRuns).
  let estimatedCalls = plan.uncached.length + crossPairs.length;
  const allowed = Math.max(deps.budget, submission.approvedJudgeCalls ?? 0);
  const runner = new JudgeRunner(deps.judge, { malformedRetries: deps.malformedRetries });
  runner.stats.requested = plan.distinct.size;
  // Overridden pairs without a cached verdict are neither judged nor cached.
  runner.stats.cached = plan.distinct.size - plan.undecided.length;
  const crossRun: CrossRunFigures = {
    compared: crossCompared,
    kept: crossPairs.length,
    withinCompared,
    withinKept,
    judged: 0,
    cached: 0,
    skipped: 0,
    bound: -1,
  };
  const usage = usageRecorder({
    deps,
    benchmarkVersion: `${submission.benchmark.slug}@${submission.benchmark.version}`,
    comparedPairs,
    keptPairs: refPairs.length,
    runner,
    crossRun,
    estimatedCalls: () => estimatedCalls,
  });
  const summary = (outcome: ScoringSummary["outcome"]): ScoringSummary => {
    timings.totalMs = Date.now() - started;
    return {
      outcome,
      comparedPairs,
      keptPairs: refPairs.length,
      estimatedCalls,
      judge: runner.stats,
      crossRun,
      timings,
    };
  };
  const awaitApproval = async () => {
    await updateClaimed(claim, {
      scoringStatus: "awaiting_approval",
      scoringError: `Scoring needs up to ${estimatedCalls.toLocaleString("en-US")} judge calls, above the budget of ${allowed.toLocaleString("en-US")} per submission (JUDGE_CALL_BUDGET). An admin can approve the spend; scoring then continues.`,
    });
    await db.judgeUsage.upsert({
      where: { submissionId: claim.submissionId },
      create: { submissionId: claim.submissionId, ...usage() },
      update: usage(),
    });
    return summary("awaiting_approval");
  };
  if (plan.uncached.length > allowed) return awaitApproval();

  // Judge.
  t = Date.now();
  await judgeReferencePairs(plan, runner, deps, progress);
  timings.judgeMs = Date.now() - t;
  await progress(70);
  const matches = await deriveRunMatches(runs, findings, reference, refPairs, plan, maybeYield);

  // Merge runs.
  t = Date.now();
  const merged = await mergeRuns({
    claim,
    findings,
    findingIndex,
    sharedEdges: referenceSharedEdges(matches),
    crossPairs,
    judge: deps.judge,
    runner,
    concurrency: deps.concurrency,
    figures: crossRun,
    // Calls made so far plus the most the cross-run phase can make, now that the components known before it are.
    allowCalls: async (bound) => {
      estimatedCalls = runner.stats.calls + bound;
      return estimatedCalls <= allowed;
    },
    onProgress: (done, total) => progress(70 + Math.floor((20 * done) / Math.max(total, 1))),
  });
  await runner.flush();
  if (merged.stopped) return awaitApproval();
  timings.crossRunMs = Date.now() - t;
  if (runner.stats.undecided > 0) throw undecidedPairsError(runner.stats.undecided);

  // Score, then write.
  const scores = await computeScores(input, findings, findingIndex, matches, merged.set, maybeYield);
  t = Date.now();
  await writeAttempt({
    claim,
    runs,
    findings,
    reference,
    refPairs,
    plan,
    matches,
    merged,
    scores,
    usage,
    progress,
    maybeYield,
  });
  timings.writeMs = Date.now() - t;
  return { ...summary("scored"), overall: scores.mean.overall };
}
