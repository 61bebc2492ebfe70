import { describe, expect, it } from "vitest";
import { compareOnLabelledPairs, trialQuality } from "./trial-comparison";

describe("compareOnLabelledPairs", () => {
  it("counts both judges on the same labelled pairs only, by hand", () => {
    const c = compareOnLabelledPairs([
      { labels: ["same"], current: true, candidate: true },
      { labels: ["same", "same"], current: false, candidate: true },
      { labels: ["different"], current: true, candidate: false },
      { labels: ["different"], current: false, candidate: false },
      // Left out: debatable, disagreeing labellers, unlabelled, a side undecided.
      { labels: ["debatable"], current: true, candidate: true },
      { labels: ["same", "different"], current: true, candidate: true },
      { labels: [], current: true, candidate: true },
      { labels: ["same"], current: true, candidate: undefined },
    ]);
    expect(c.pairs).toBe(4);
    expect(c.current).toEqual({ truePositives: 1, falsePositives: 1, falseNegatives: 1, trueNegatives: 1 });
    expect(c.candidate).toEqual({ truePositives: 2, falsePositives: 0, falseNegatives: 0, trueNegatives: 2 });
    const q = trialQuality(c);
    expect(q.current.precision.value).toBe(0.5);
    expect(q.candidate.recall.value).toBe(1);
    expect(q.candidate.agreement).toMatchObject({ successes: 4, trials: 4 });
    // Clopper-Pearson for 4 of 4: [0.025^(1/4), 1] = [0.3976, 1].
    expect(q.candidate.agreement.interval![0]).toBeCloseTo(0.3976, 4);
    expect(q.candidate.agreement.interval![1]).toBe(1);
  });
});
