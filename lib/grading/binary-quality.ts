import { clopperPearson } from "../scoring/stats";
import type { Proportion } from "../contracts/common";

// How well a yes/no judge agrees with people (§2.3, §A.4: the matcher's precision and recall against expert-labelled
// pairs). Pure: counts in, proportions with their exact 95% Clopper-Pearson intervals out. A proportion with an empty
// denominator has no value (null), never 0, as everywhere on the board.

/** One labelled pair: what people decided (truth) and what the judge said (predicted), both "same root cause?". */
export type LabelledDecision = { truth: boolean; predicted: boolean };

export type Confusion = {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
};

export type BinaryQuality = Confusion & {
  pairs: number;
  precision: Proportion;
  recall: Proportion;
  agreement: Proportion;
};

export function countConfusion(decisions: readonly LabelledDecision[]): Confusion {
  const c: Confusion = { truePositives: 0, falsePositives: 0, falseNegatives: 0, trueNegatives: 0 };
  for (const { truth, predicted } of decisions) {
    if (truth && predicted) c.truePositives++;
    else if (!truth && predicted) c.falsePositives++;
    else if (truth && !predicted) c.falseNegatives++;
    else c.trueNegatives++;
  }
  return c;
}

export function proportion(successes: number, trials: number): Proportion {
  if (trials === 0) return { value: null, successes, trials, interval: null };
  return { value: successes / trials, successes, trials, interval: clopperPearson(successes, trials) };
}

/** Precision = TP / judged matches, recall = TP / labelled matches, agreement = identical decisions / pairs. */
export function binaryQuality(c: Confusion): BinaryQuality {
  const pairs = c.truePositives + c.falsePositives + c.falseNegatives + c.trueNegatives;
  return {
    ...c,
    pairs,
    precision: proportion(c.truePositives, c.truePositives + c.falsePositives),
    recall: proportion(c.truePositives, c.truePositives + c.falseNegatives),
    agreement: proportion(c.truePositives + c.trueNegatives, pairs),
  };
}

/** A judge's figures on labelled pairs as the API writes them (judge quality and judge trials). */
export const binaryOut = (q: BinaryQuality) => ({
  pairs: q.pairs,
  true_positives: q.truePositives,
  false_positives: q.falsePositives,
  false_negatives: q.falseNegatives,
  true_negatives: q.trueNegatives,
  precision: q.precision,
  recall: q.recall,
  agreement: q.agreement,
});
