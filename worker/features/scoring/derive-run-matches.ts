import { runStepsYielding } from "../../../lib/steps";
import { deriveMatchesInSteps, matchKey, type DerivedMatch } from "../../../lib/scoring/matches";
import type { ReferencePlan } from "./judge-reference-pairs";
import type { LoadedFinding, ReferenceSide } from "./load-scoring-input";
import type { ReferencePairs, ScoringInput, Yield } from "./scoring-types";

/** Matches: the judge's verdicts with maintainer overrides applied (lib/scoring/matches.ts), one run at a time. */
export async function deriveRunMatches(
  runs: ScoringInput["runs"],
  findings: LoadedFinding[],
  reference: ReferenceSide,
  refPairs: ReferencePairs,
  plan: ReferencePlan,
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
    const indices = pairsByRun[runIndex]!;
    const steps = deriveMatchesInSteps(
      {
        // Built as they are read, between the pauses, rather than all at once.
        pairs: (function* () {
          for (const i of indices) {
            const finding = findings[refPairs.left[i]!]!;
            const ref = reference.refs[refPairs.right[i]!]!;
            yield { findingId: finding.id, referenceId: ref.id, findingHash: finding.hash, referenceHash: ref.hash };
          }
        })(),
        verdictOf: (key) => byMatchKey.get(key),
        overrides,
        findings: run.findings,
        references: reference.refs,
      },
      2_000,
    );
    const runMatches = await runStepsYielding(steps, maybeYield);
    for (const m of runMatches) matches.push(m);
    await maybeYield();
  }
  return matches;
}
