import { describe, expect, it } from "vitest";
import { PAPER_REPEAT_AGREEMENT, repeatAgreement, type RepeatedVerdict } from "./repeat-agreement";

const pairs = (n: number, flipped: number, undecided = 0): RepeatedVerdict[] =>
  Array.from({ length: n + undecided }, (_, i) => {
    const first = i % 2 === 0;
    if (i >= n) return { first, repeat: null };
    return { first, repeat: i < flipped ? !first : first };
  });

describe("repeatAgreement", () => {
  it("counts identical verdicts over the decided pairs, by hand", () => {
    // 40 decided, one flipped (pair 0: a match the repeat called no match), two not asked.
    const r = repeatAgreement(pairs(40, 1, 2));
    expect(r).toMatchObject({ drawn: 42, undecided: 2, matchThenNoMatch: 1, noMatchThenMatch: 0 });
    expect(r.agreement).toMatchObject({ successes: 39, trials: 40, value: 39 / 40 });
    // Clopper-Pearson at 39 of 40: the upper end solves P(X <= 39 | u) = 1 - u^40 = 0.025, so u = 0.975^(1/40); the
    // lower end solves P(X >= 39 | l) = 40 l^39 (1 - l) + l^40 = 0.025.
    const [lower, upper] = r.agreement.interval!;
    expect(upper).toBeCloseTo(0.975 ** (1 / 40), 6);
    expect(40 * lower ** 39 * (1 - lower) + lower ** 40).toBeCloseTo(0.025, 6);
    // 99.937% is above the paper's 99.8%: 40 pairs cannot rule it out.
    expect(r.belowPaper).toBe(false);
  });

  it("says when the sample rules the paper's 99.8% out, and has no value without a decided pair", () => {
    // Every verdict kept: the lower end is 0.025^(1/n), the upper 1.
    const all = repeatAgreement(pairs(40, 0));
    expect(all.agreement.interval![0]).toBeCloseTo(0.025 ** (1 / 40), 6);
    expect(all.agreement.interval![1]).toBe(1);
    expect(all.belowPaper).toBe(false);
    // 900 of 1,000: the upper end is far below 99.8%. Flips alternate direction (pairs 0, 2, ... were matches).
    const tenth = repeatAgreement(pairs(1000, 100));
    expect(tenth.agreement.value).toBe(0.9);
    expect(tenth).toMatchObject({ matchThenNoMatch: 50, noMatchThenMatch: 50, belowPaper: true });
    expect(tenth.agreement.interval![1]).toBeLessThan(PAPER_REPEAT_AGREEMENT);
    const none = repeatAgreement(pairs(0, 0, 3));
    expect(none).toMatchObject({ drawn: 3, undecided: 3, belowPaper: null });
    expect(none.agreement.value).toBe(null);
  });
});
