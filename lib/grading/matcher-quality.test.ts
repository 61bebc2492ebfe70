import { describe, expect, it } from "vitest";
import { consensusLabel, matcherQuality, type CachedVerdict, type LabelledPair } from "./matcher-quality";
import { allocateStrata, drawSeeded, DEFAULT_STRATUM_SHARES } from "./sampling";

const pair = (id: string, stratum: LabelledPair["stratum"], ...labels: LabelledPair["labels"]): LabelledPair => ({
  id,
  stratum,
  prefilterVersion: "2",
  embedder: "offline/offline-hash-384-v1",
  labels,
  inDesign: false,
});
const verdict = (pairId: string, match: boolean, configHash = "h", judgeModel = "judge-a"): CachedVerdict => ({
  pairId,
  judgeModel,
  promptVersion: "2",
  configHash,
  match,
});

describe("consensus of labels", () => {
  it("keeps a shared label and makes any disagreement debatable", () => {
    expect(consensusLabel([])).toBe(null);
    expect(consensusLabel(["same", "same"])).toBe("same");
    expect(consensusLabel(["same", "different"])).toBe("debatable");
  });
});

describe("matcher quality per configuration", () => {
  // p1..p3 judged matches (p3 wrongly), p4 judged no match (wrongly), p5 judged no match, p6 filtered out but a real
  // match (a filter miss), p7 filtered out and different, p8 debatable, p9 unlabelled.
  const pairs = [
    pair("p1", "judged_match", "same"),
    pair("p2", "judged_match", "same", "same"),
    pair("p3", "judged_match", "different"),
    pair("p4", "judged_no_match", "same"),
    pair("p5", "judged_no_match", "different"),
    pair("p6", "filtered_out", "same"),
    pair("p7", "filtered_out", "different"),
    pair("p8", "judged_match", "same", "debatable"),
    pair("p9", "judged_match"),
  ];
  const verdicts = [
    verdict("p1", true),
    verdict("p2", true),
    verdict("p2", true, "other-endpoint"),
    verdict("p3", true),
    verdict("p3", false, "other-endpoint"),
    verdict("p4", false),
    verdict("p5", false),
    verdict("p8", true),
    verdict("p9", true),
  ];

  it("counts labels, the filter's recall and the judge's confusion with the filter", () => {
    const q = matcherQuality(pairs, verdicts, null);
    expect(q.labelled).toBe(8);
    expect(q.unlabelled).toBe(1);
    expect(q.byLabel).toEqual({ same: 4, different: 3, debatable: 1 });
    // Labelled matches: p1, p2, p4, p6; the filter kept 3 of 4.
    expect(q.filters).toHaveLength(1);
    expect(q.filters[0]!.recall.successes).toBe(3);
    expect(q.filters[0]!.recall.trials).toBe(4);
    const [c] = q.configurations;
    expect(q.configurations).toHaveLength(1);
    // With the filter: TP p1 p2; FP p3; FN p4 p6; TN p5 p7.
    expect(c!.withFilter).toMatchObject({ truePositives: 2, falsePositives: 1, falseNegatives: 2, trueNegatives: 2 });
    expect(c!.withFilter.precision.value).toBeCloseTo(2 / 3, 12);
    expect(c!.withFilter.recall.value).toBe(0.5);
    expect(c!.withFilter.agreement.value).toBeCloseTo(4 / 7, 12);
    // Judge alone (only judged pairs: p1..p5): TP 2, FP 1, FN 1, TN 1.
    expect(c!.judgeAlone).toMatchObject({ truePositives: 2, falsePositives: 1, falseNegatives: 1, trueNegatives: 1 });
    expect(c!.debatable).toEqual({ pairs: 1, judgedMatch: 1 });
    // Repeats: p2 (same verdicts), p3 (different): 1 of 2.
    expect(c!.repeatAgreement.successes).toBe(1);
    expect(c!.repeatAgreement.trials).toBe(2);
  });

  it("gives a candidate judge that judged every pair its own row", () => {
    const candidate = pairs.map((p) => verdict(p.id, p.labels[0] === "same", "c", "judge-b"));
    const q = matcherQuality(pairs, [...verdicts, ...candidate], null);
    const b = q.configurations.find((c) => c.judgeModel === "judge-b")!;
    // Judge alone: every non-debatable labelled pair, all right.
    expect(b.judgeAlone.pairs).toBe(7);
    expect(b.judgeAlone.agreement.value).toBe(1);
    // With the filter, p6 (filtered out, a match) stays a miss.
    expect(b.withFilter.falseNegatives).toBe(1);
  });
});

describe("seeded sampling", () => {
  it("allocates strata by the shares, capped by what each pool holds", () => {
    expect(
      allocateStrata(50, DEFAULT_STRATUM_SHARES, { judged_match: 100, judged_no_match: 100, filtered_out: 100 }),
    ).toEqual({ judged_match: 20, judged_no_match: 20, filtered_out: 10 });
    expect(
      allocateStrata(50, DEFAULT_STRATUM_SHARES, { judged_match: 5, judged_no_match: 100, filtered_out: 100 }),
    ).toEqual({
      judged_match: 5,
      judged_no_match: 20,
      filtered_out: 10,
    });
  });

  it("draws the same items for the same seed", () => {
    const pool = Array.from({ length: 30 }, (_, i) => i);
    expect(drawSeeded(pool, 5, "s", "a")).toEqual(drawSeeded(pool, 5, "s", "a"));
    expect(drawSeeded(pool, 5, "s", "a")).not.toEqual(drawSeeded(pool, 5, "t", "a"));
    expect(new Set(drawSeeded(pool, 30, "s", "a")).size).toBe(30);
  });
});
