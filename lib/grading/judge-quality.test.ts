import { describe, expect, it } from "vitest";
import { binaryQuality, countConfusion, proportion } from "./binary-quality";
import { cohenKappa } from "./cohen-kappa";
import { addCrossTables, crossTabulate, panelAgreement, type CrossTable } from "./panel-grades";
import { clopperPearson } from "../scoring/stats";

// Table 15 of the paper: the author's blind verdict (rows) against the panel's (columns), 180 findings.
const TABLE_15: CrossTable = {
  confirmed: { confirmed: 103, rejected: 0, abstained: 0 },
  rejected: { confirmed: 9, rejected: 19, abstained: 6 },
  unsure: { confirmed: 35, rejected: 5, abstained: 3 },
};

describe("panel grading (Table 15)", () => {
  it("reproduces the paper's agreement and confirm rates on the conclusive findings", () => {
    const a = panelAgreement(TABLE_15);
    expect(a.graded).toBe(180);
    expect(a.conclusive).toBe(131); // 103 + 0 + 9 + 19
    expect(a.agreement.successes).toBe(122); // 103 + 19
    expect(Math.round(a.agreement.value! * 100)).toBe(93); // 122 / 131 = 0.9313
    expect(a.graderConfirmRate.successes).toBe(103);
    expect(Math.round(a.graderConfirmRate.value! * 100)).toBe(79); // 103 / 131 = 0.7863
    expect(a.panelConfirmRate.successes).toBe(112);
    expect(Math.round(a.panelConfirmRate.value! * 100)).toBe(85); // 112 / 131 = 0.8550
    expect(a.agreement.interval).toEqual(clopperPearson(122, 131));
  });

  it("cross-tabulates graded findings and pools tables cell by cell", () => {
    const t = crossTabulate([
      { grade: "confirmed", panel: "confirmed" },
      { grade: "confirmed", panel: "confirmed" },
      { grade: "unsure", panel: "rejected" },
      { grade: "rejected", panel: "abstained" },
    ]);
    expect(t.confirmed.confirmed).toBe(2);
    expect(t.unsure.rejected).toBe(1);
    expect(t.rejected.abstained).toBe(1);
    const pooled = addCrossTables([t, TABLE_15]);
    expect(pooled.confirmed.confirmed).toBe(105);
    expect(panelAgreement(pooled).graded).toBe(184);
    // Nothing conclusive: no agreement, not 0.
    const a = panelAgreement(crossTabulate([{ grade: "unsure", panel: "confirmed" }]));
    expect(a.conclusive).toBe(0);
    expect(a.agreement).toEqual({ value: null, successes: 0, trials: 0, interval: null });
  });
});

describe("matcher quality against labels", () => {
  it("counts the confusion table and derives precision, recall and agreement", () => {
    // 3 true positives, 1 false positive, 1 false negative, 5 true negatives.
    const decisions = [
      ...Array.from({ length: 3 }, () => ({ truth: true, predicted: true })),
      { truth: false, predicted: true },
      { truth: true, predicted: false },
      ...Array.from({ length: 5 }, () => ({ truth: false, predicted: false })),
    ];
    const c = countConfusion(decisions);
    expect(c).toEqual({ truePositives: 3, falsePositives: 1, falseNegatives: 1, trueNegatives: 5 });
    const q = binaryQuality(c);
    expect(q.pairs).toBe(10);
    expect(q.precision.value).toBe(0.75);
    expect(q.recall.value).toBe(0.75);
    expect(q.agreement.value).toBe(0.8);
    expect(q.precision.interval).toEqual(clopperPearson(3, 4));
  });

  it("matches the paper's order of magnitude: 66 of 67 expert matches found, 1 false match", () => {
    const q = binaryQuality({ truePositives: 66, falsePositives: 1, falseNegatives: 1, trueNegatives: 0 });
    expect(q.recall.value).toBeCloseTo(0.985, 3);
    expect(q.precision.value).toBeCloseTo(0.985, 3);
    // Exact binomial bounds: 66/67 -> [0.9196, 0.9996].
    expect(q.recall.interval![0]).toBeCloseTo(0.9196, 3);
    expect(q.recall.interval![1]).toBeCloseTo(0.9996, 3);
  });

  it("has no value without trials", () => {
    expect(proportion(0, 0)).toEqual({ value: null, successes: 0, trials: 0, interval: null });
    expect(
      binaryQuality({ truePositives: 0, falsePositives: 0, falseNegatives: 0, trueNegatives: 4 }).precision.value,
    ).toBe(null);
  });
});

describe("Cohen's kappa", () => {
  it("matches a hand-computed 2x2 case with its Fleiss-Cohen-Everitt interval", () => {
    // Rows: auditor A (valid, invalid); columns: auditor B. n = 100, po = (70 + 10) / 100 = 0.8.
    // Row and column shares 0.8, 0.2: pe = 0.64 + 0.04 = 0.68; kappa = (0.8 - 0.68) / 0.32 = 0.375.
    const k = cohenKappa([
      [70, 10],
      [10, 10],
    ]);
    expect(k.n).toBe(100);
    expect(k.observed).toBeCloseTo(0.8, 12);
    expect(k.expected).toBeCloseTo(0.68, 12);
    expect(k.kappa).toBeCloseTo(0.375, 12);
    // Variance by hand (1 - kappa = 0.625):
    //   A = 0.70 (1 - 1.6 * 0.625)^2 + 0.10 (1 - 0.4 * 0.625)^2 = 0 + 0.10 * 0.5625 = 0.05625
    //   B = 0.625^2 [0.10 (0.8 + 0.2)^2 + 0.10 (0.2 + 0.8)^2] = 0.390625 * 0.2 = 0.078125
    //   C = (0.375 - 0.68 * 0.625)^2 = 0.0025
    //   var = (0.05625 + 0.078125 - 0.0025) / (100 * 0.32^2) = 0.131875 / 10.24 = 0.0128784; se = 0.1134831
    expect(k.interval![0]).toBeCloseTo(0.375 - 1.959964 * 0.1134831, 5);
    expect(k.interval![1]).toBeCloseTo(0.375 + 1.959964 * 0.1134831, 5);
  });

  it("is 1 for perfect agreement on two used categories, and has no value when both raters used one category", () => {
    expect(
      cohenKappa([
        [4, 0],
        [0, 6],
      ]).kappa,
    ).toBeCloseTo(1, 12);
    expect(
      cohenKappa([
        [10, 0],
        [0, 0],
      ]).kappa,
    ).toBe(null);
    expect(cohenKappa([[0]]).kappa).toBe(null);
  });

  it("takes three categories (valid / invalid / unsure)", () => {
    // po = (5 + 3 + 2) / 12 = 0.833333; rows and columns 6/12, 4/12, 2/12;
    // pe = 0.25 + 1/9 + 1/36 = 0.388889; kappa = (0.833333 - 0.388889) / 0.611111 = 0.727273.
    const k = cohenKappa([
      [5, 1, 0],
      [1, 3, 0],
      [0, 0, 2],
    ]);
    expect(k.n).toBe(12);
    expect(k.kappa).toBeCloseTo(0.727273, 5);
  });
});
