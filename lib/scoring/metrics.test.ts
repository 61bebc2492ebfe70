import { describe, expect, it } from "vitest";
import { computeMetrics, computeScoreBreakdown, meanMetrics, meanScoreBreakdown, poolCounts } from "./metrics";

const counts = (
  matched_reference_bugs: number,
  reference_bugs: number,
  matched_findings: number,
  findings: number,
) => ({
  matched_reference_bugs,
  reference_bugs,
  matched_findings,
  findings,
});

describe("computeMetrics", () => {
  it("computes recall, precision and their harmonic mean", () => {
    const metrics = computeMetrics(counts(3, 10, 1, 4));
    expect(metrics.recall).toBe(0.3);
    expect(metrics.precision).toBe(0.25);
    expect(metrics.f1).toBeCloseTo((2 * 0.3 * 0.25) / 0.55, 12); // 0.2727
  });

  it("gives null (no value), not 0 or NaN, for empty denominators (docs/scoring.md)", () => {
    expect(computeMetrics(counts(0, 0, 0, 0))).toMatchObject({ recall: null, precision: null, f1: null });
    // A repository without findings has no precision, so no F1; its recall is still a number.
    expect(computeMetrics(counts(0, 3, 0, 0))).toMatchObject({ recall: 0, precision: null, f1: null });
    // Without reference bugs there is no recall; precision stands.
    expect(computeMetrics(counts(0, 0, 0, 4))).toMatchObject({ recall: null, precision: 0, f1: null });
    // Both ratios 0 is an F1 of 0, not null.
    expect(computeMetrics(counts(0, 3, 0, 4))).toMatchObject({ recall: 0, precision: 0, f1: 0 });
  });

  it("reproduces Table 1 F1 for DeepSeek V4.1 Flash (high): 15.2% recall, 8.1% precision -> 10.5%", () => {
    // From the rounded percentages the formula gives 10.568% (10.6% at one decimal): the paper's 10.5%
    // comes from unrounded ratios. 373 of 2,457 bugs (15.18%) and 405 of 5,019 findings (8.07%) are
    // counts consistent with the table, and give 10.54%.
    expect(computeMetrics({ ...counts(152, 1000, 81, 1000) }).f1).toBeCloseTo(0.10568, 5);
    const fromCounts = computeMetrics(counts(373, 2457, 405, 5019));
    expect((fromCounts.recall! * 100).toFixed(1)).toBe("15.2");
    expect((fromCounts.precision! * 100).toFixed(1)).toBe("8.1");
    expect((fromCounts.f1! * 100).toFixed(1)).toBe("10.5");
  });

  it("reproduces Table 1 F1 for GPT-5.6 Sol (high): 20.8% recall, 6.7% precision -> 10.2%", () => {
    // Rounded inputs give 10.135% (10.1%); 512 of 2,457 (20.84%) and 559 of 8,285 findings (6.75%)
    // are consistent with the table and give the paper's 10.2% (10.19%).
    expect(computeMetrics(counts(208, 1000, 67, 1000)).f1).toBeCloseTo(0.10135, 5);
    const fromCounts = computeMetrics(counts(512, 2457, 559, 8285));
    expect((fromCounts.recall! * 100).toFixed(1)).toBe("20.8");
    expect((fromCounts.precision! * 100).toFixed(1)).toBe("6.7");
    expect((fromCounts.f1! * 100).toFixed(1)).toBe("10.2");
  });
});

describe("poolCounts", () => {
  it("sums counts before taking ratios (not the mean of ratios)", () => {
    // Recalls 1/2 and 0/8 average to 0.25 but pool to 1/10.
    const pooled = poolCounts([counts(1, 2, 0, 1), counts(0, 8, 1, 1)]);
    expect(pooled).toMatchObject({ matched_reference_bugs: 1, reference_bugs: 10, matched_findings: 1, findings: 2 });
    expect(pooled.recall).toBe(0.1);
    expect(pooled.precision).toBe(0.5);
  });
});

describe("computeScoreBreakdown", () => {
  const input = {
    repositories: [
      { name: "b-repo", language: "python" },
      { name: "d-empty", language: "rust" },
      { name: "a-repo", language: "python" },
      { name: "c-repo", language: "rust" },
    ],
    referenceBugs: [
      { id: "r1", repo: "a-repo" },
      { id: "r2", repo: "a-repo" },
      { id: "r3", repo: "a-repo" },
      { id: "r4", repo: "b-repo" },
      { id: "r5", repo: "c-repo" },
      { id: "r6", repo: "c-repo" },
      { id: "r7", repo: "d-empty" },
    ],
    findings: [
      { id: "f1", repo: "a-repo" },
      { id: "f2", repo: "a-repo" },
      { id: "f3", repo: "a-repo" },
      { id: "f7", repo: "a-repo" },
      { id: "f4", repo: "b-repo" },
      { id: "f5", repo: "b-repo" },
      { id: "f6", repo: "c-repo" },
    ],
    matches: [
      { findingId: "f1", referenceId: "r1" }, // two findings on one reference bug: r1 counts once
      { findingId: "f2", referenceId: "r1" },
      { findingId: "f3", referenceId: "r2" }, // one finding on two reference bugs: f3 counts once
      { findingId: "f3", referenceId: "r3" },
      { findingId: "f4", referenceId: "r4" },
      { findingId: "f4", referenceId: "r4" }, // a repeated match changes nothing
      { findingId: "f6", referenceId: "r5" },
    ],
  };
  const breakdown = computeScoreBreakdown(input);

  it("counts many-to-many matches once per reference bug and once per finding", () => {
    const byRepo = Object.fromEntries(breakdown.repositories.map((row) => [row.repo, row]));
    // a-repo: r1, r2, r3 all matched; f1, f2, f3 matched, f7 not.
    expect(byRepo["a-repo"]).toMatchObject({
      matched_reference_bugs: 3,
      reference_bugs: 3,
      matched_findings: 3,
      findings: 4,
      recall: 1,
      precision: 0.75,
    });
    // b-repo: 1/1 reference bugs, 1/2 findings; F1 = 2 x 1 x 0.5 / 1.5.
    expect(byRepo["b-repo"]).toMatchObject({ recall: 1, precision: 0.5 });
    expect(byRepo["b-repo"]?.f1).toBeCloseTo(2 / 3, 12);
    expect(byRepo["c-repo"]).toMatchObject({ recall: 0.5, precision: 1 });
    // d-empty has no findings and still gets its row.
    expect(byRepo["d-empty"]).toMatchObject({
      matched_reference_bugs: 0,
      reference_bugs: 1,
      findings: 0,
      recall: 0,
      precision: null,
      f1: null,
    });
  });

  it("sorts repositories by name and pools languages", () => {
    expect(breakdown.repositories.map((row) => [row.repo, row.language])).toEqual([
      ["a-repo", "python"],
      ["b-repo", "python"],
      ["c-repo", "rust"],
      ["d-empty", "rust"],
    ]);
    const [python, rust] = breakdown.languages;
    // python = a + b: 4/4 reference bugs, 4/6 findings; F1 = 2 x 1 x 2/3 / (5/3) = 0.8.
    expect(python).toMatchObject({
      language: "python",
      matched_reference_bugs: 4,
      reference_bugs: 4,
      matched_findings: 4,
      findings: 6,
      recall: 1,
    });
    expect(python?.f1).toBeCloseTo(0.8, 12);
    // rust = c + d: 1/3 reference bugs, 1/1 findings; F1 = 2 x 1/3 x 1 / (4/3) = 0.5.
    expect(rust?.recall).toBeCloseTo(1 / 3, 12);
    expect(rust?.f1).toBeCloseTo(0.5, 12);
  });

  it("pools everything for the overall row", () => {
    expect(breakdown.overall).toMatchObject({
      matched_reference_bugs: 5,
      reference_bugs: 7,
      matched_findings: 5,
      findings: 7,
    });
    expect(breakdown.overall.f1).toBeCloseTo(5 / 7, 12);
  });

  it("throws on items of unknown repositories or ids", () => {
    expect(() => computeScoreBreakdown({ ...input, findings: [{ id: "f9", repo: "nope" }] })).toThrow(
      /unknown repository/,
    );
    expect(() => computeScoreBreakdown({ ...input, matches: [{ findingId: "f1", referenceId: "r99" }] })).toThrow(
      /unknown reference/,
    );
  });
});

describe("meanMetrics and meanScoreBreakdown", () => {
  it("averages ratios and counts, which may be fractional", () => {
    const mean = meanMetrics([computeMetrics(counts(1, 4, 1, 2)), computeMetrics(counts(2, 4, 0, 3))]);
    expect(mean).toMatchObject({
      matched_reference_bugs: 1.5,
      reference_bugs: 4,
      matched_findings: 0.5,
      findings: 2.5,
    });
    expect(mean.recall).toBeCloseTo((0.25 + 0.5) / 2, 12);
    expect(mean.precision).toBeCloseTo(0.25, 12);
    // F1 of the runs: 2 x 0.25 x 0.5 / 0.75 = 1/3 and 0, so the mean is 1/6 (not the F1 of the means).
    expect(mean.f1).toBeCloseTo(1 / 6, 12);
    expect(meanMetrics([])).toMatchObject({ recall: null, findings: 0 });
  });

  it("skips runs without a value when averaging a ratio, and keeps null when no run has one", () => {
    // Run 2 has no findings: its precision and F1 are no value, so they do not pull the means to 0.
    const mean = meanMetrics([computeMetrics(counts(1, 4, 1, 2)), computeMetrics(counts(0, 4, 0, 0))]);
    expect(mean).toMatchObject({ recall: 0.125, precision: 0.5, findings: 1 });
    expect(mean.f1).toBeCloseTo((2 * 0.25 * 0.5) / 0.75, 12);
    expect(meanMetrics([computeMetrics(counts(0, 4, 0, 0)), computeMetrics(counts(0, 4, 0, 0))])).toMatchObject({
      recall: 0,
      precision: null,
      f1: null,
    });
  });

  it("pools before dividing, so a pooled precision exists when any repository has findings", () => {
    expect(poolCounts([counts(0, 2, 0, 0), counts(1, 2, 1, 2)])).toMatchObject({ recall: 0.25, precision: 0.5 });
    expect(poolCounts([counts(0, 2, 0, 0), counts(0, 2, 0, 0)])).toMatchObject({
      recall: 0,
      precision: null,
      f1: null,
    });
  });

  it("averages breakdowns row by row and rejects rows that do not line up", () => {
    const repositories = [{ name: "r", language: "go" }];
    const referenceBugs = [
      { id: "b1", repo: "r" },
      { id: "b2", repo: "r" },
    ];
    const run1 = computeScoreBreakdown({
      repositories,
      referenceBugs,
      findings: [{ id: "f1", repo: "r" }],
      matches: [{ findingId: "f1", referenceId: "b1" }],
    });
    const run2 = computeScoreBreakdown({
      repositories,
      referenceBugs,
      findings: [{ id: "g1", repo: "r" }],
      matches: [],
    });
    const mean = meanScoreBreakdown([run1, run2]);
    expect(mean.overall.recall).toBe(0.25);
    expect(mean.languages[0]).toMatchObject({ language: "go", precision: 0.5 });
    expect(mean.repositories[0]).toMatchObject({ repo: "r", language: "go", matched_findings: 0.5 });
    const other = computeScoreBreakdown({
      repositories: [{ name: "s", language: "go" }],
      referenceBugs: [],
      findings: [],
      matches: [],
    });
    expect(() => meanScoreBreakdown([run1, other])).toThrow();
  });
});
