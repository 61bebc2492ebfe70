import type { Proportion } from "../contracts/common";
import { proportion } from "./binary-quality";

// §2.3's repeat agreement: "later filtered runs agree with the first on at least 99.8% of pairs". The verdict cache
// never asks a judge the same pair twice, so the figure is measured on purpose: a seeded sample of the pairs a scoring
// judged is asked again of the same judge (model, prompt, endpoint) with the cache bypassed, and each new verdict is
// set against the first. Pure: the two verdicts in, the share that agree with its exact 95% Clopper-Pearson interval
// out, beside the paper's bound.

/** §2.3: later runs agree with the first on at least 99.8% of pairs. */
export const PAPER_REPEAT_AGREEMENT = 0.998;

/** One sampled pair: the scoring's verdict and the repeat's (null while not asked, or when the reply stayed malformed). */
export type RepeatedVerdict = { first: boolean; repeat: boolean | null };

export type RepeatAgreement = {
  /** Pairs drawn. */
  drawn: number;
  /** Drawn pairs without a repeat verdict (not asked yet, or undecided): left out of the share. */
  undecided: number;
  /** Identical verdicts / pairs with both verdicts. */
  agreement: Proportion;
  /** Disagreements by direction: the first said match and the repeat did not, and the other way round. */
  matchThenNoMatch: number;
  noMatchThenMatch: number;
  /**
   * Whether the sample rules the paper's bound out: the interval's upper end lies below 99.8% (true), or the bound is
   * within the interval (false); null without a decided pair.
   */
  belowPaper: boolean | null;
};

export function repeatAgreement(pairs: readonly RepeatedVerdict[]): RepeatAgreement {
  let agreed = 0;
  let decided = 0;
  let matchThenNoMatch = 0;
  let noMatchThenMatch = 0;
  for (const { first, repeat } of pairs) {
    if (repeat === null) continue;
    decided++;
    if (repeat === first) agreed++;
    else if (first) matchThenNoMatch++;
    else noMatchThenMatch++;
  }
  const agreement = proportion(agreed, decided);
  return {
    drawn: pairs.length,
    undecided: pairs.length - decided,
    agreement,
    matchThenNoMatch,
    noMatchThenMatch,
    belowPaper: agreement.interval ? agreement.interval[1] < PAPER_REPEAT_AGREEMENT : null,
  };
}
