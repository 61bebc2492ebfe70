import { binaryQuality, countConfusion, type BinaryQuality, type Confusion } from "./binary-quality";
import { consensusLabel, type PairLabel } from "./matcher-quality";

// A candidate judge tried against the judge in use on the same labelled pairs (§2.3: the matcher's precision and
// recall against expert labels, here for two judges side by side). Pure: each pair's consensus label and the two
// verdicts in, two confusion tables out; a pair counts only when it is labelled same or different and both judges
// decided it, so the two columns are always over the same pairs.

export type TrialPair = { labels: readonly PairLabel[]; current: boolean | undefined; candidate: boolean | undefined };
export type TrialConfusions = { pairs: number; current: Confusion; candidate: Confusion };

/** The pairs a trial asks both judges about: labelled, and not debatable. */
export function isTrialPair(labels: readonly PairLabel[]): boolean {
  const label = consensusLabel(labels);
  return label === "same" || label === "different";
}

export function compareOnLabelledPairs(pairs: readonly TrialPair[]): TrialConfusions {
  const both = pairs.filter((p) => isTrialPair(p.labels) && p.current !== undefined && p.candidate !== undefined);
  const truth = (p: TrialPair) => consensusLabel(p.labels) === "same";
  return {
    pairs: both.length,
    current: countConfusion(both.map((p) => ({ truth: truth(p), predicted: p.current! }))),
    candidate: countConfusion(both.map((p) => ({ truth: truth(p), predicted: p.candidate! }))),
  };
}

/** Precision, recall and agreement of each side, with their Clopper-Pearson intervals. */
export function trialQuality(c: { current: Confusion; candidate: Confusion }): {
  current: BinaryQuality;
  candidate: BinaryQuality;
} {
  return { current: binaryQuality(c.current), candidate: binaryQuality(c.candidate) };
}
