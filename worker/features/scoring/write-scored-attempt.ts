import { ROWS_PER_QUERY } from "../../shared/rows-per-query";
import type { DerivedMatch } from "../../../lib/scoring/matches";
import type { Claim } from "./claim-submission";
import type { computeScores } from "./compute-scores";
import type { ReferencePlan } from "./judge-reference-pairs";
import type { LoadedFinding, ReferenceSide } from "./load-scoring-input";
import type { mergeRuns } from "./merge-runs";
import { breakdownRows, scoreRow } from "./score-rows";
import { type Progress, type ReferencePairs, type ScoringInput, type Yield } from "./scoring-types";
import { deleteAttempt, writeCandidatePairs, writeMatches } from "../../../lib/server/scoring/scoring-attempt-store";
import { markScored, switchToAttempt } from "./write-attempt";

/**
 * Derived rows in batches under this attempt, then the switch in one short fenced transaction. An attempt that cannot
 * switch leaves nothing behind (best effort: the next claimant also clears it).
 */
export async function writeScoredAttempt(input: {
  claim: Claim;
  runs: ScoringInput["runs"];
  findings: LoadedFinding[];
  reference: ReferenceSide;
  refPairs: ReferencePairs;
  plan: ReferencePlan;
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
    for (let start = 0; start < refPairs.length; start += ROWS_PER_QUERY) {
      await maybeYield();
      const rows = [];
      for (let i = start; i < Math.min(refPairs.length, start + ROWS_PER_QUERY); i++) {
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
